// Preloaded with `node --import` by the tests: appends the URL of every module the CLI resolves
// to the file named by RECORD_IMPORTS_FILE, so a test can tell which packages were loaded.
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

const file = process.env.RECORD_IMPORTS_FILE;
if (file) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      appendFileSync(file, `${result.url}\n`);
      return result;
    },
  });
}
