#!/usr/bin/env node
import { formatFatal } from "./cli-error.js";
import { main } from "./main.js";

const debug = process.argv.includes("--debug");
// A closed pipe (`agentscope run … | head -1`) is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
});
process.on("unhandledRejection", (error) => {
  process.stderr.write(formatFatal(error, debug));
  process.exit(1);
});

const code = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
process.exit(code);
