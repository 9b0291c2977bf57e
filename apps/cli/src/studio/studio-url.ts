import type { CliOptions } from "../args/parse-args.js";

/** The Studio URL of `--studio`, else of `AGENTSCOPE_STUDIO_URL`, or `undefined` when neither. */
export function studioUrl(options: CliOptions, env: NodeJS.ProcessEnv): string | undefined {
  const url = (options.studio ?? env.AGENTSCOPE_STUDIO_URL)?.trim();
  return url === undefined || url === "" ? undefined : url;
}
