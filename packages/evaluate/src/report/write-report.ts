import { join } from "node:path";
import { atomicWriteFile } from "@agentscope-ts/core/node";
import { FileEvaluatorStorage } from "../storage/file-evaluator-storage.js";
import { buildReportData, type ReportData, type ReportOptions } from "./report-data.js";
import { reportHtml } from "./report-html.js";
import { summaryTable } from "./summary-table.js";

/** Options of {@link writeReport}. */
export interface WriteReportOptions extends ReportOptions {
  /** Where to write the page. Default `<dir>/report.html`. */
  out?: string;
}

/** Writes the HTML report of the evaluation in `dir` and returns its path, figures and summary table. */
export async function writeReport(
  dir: string,
  options: WriteReportOptions = {},
): Promise<{ path: string; data: ReportData; summary: string }> {
  const storage = new FileEvaluatorStorage({ saveDir: dir });
  const data = await buildReportData(storage, options);
  const path = options.out ?? join(storage.saveDir, "report.html");
  await atomicWriteFile(path, reportHtml(data));
  return { path, data, summary: summaryTable(data) };
}
