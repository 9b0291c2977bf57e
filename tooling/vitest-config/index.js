// @ts-check
import { defineConfig, mergeConfig } from "vitest/config";

/**
 * The vitest config of a package: tests beside the code (`src/**\/*.test.ts`), the default
 * reporter, and a JSON report in `test-results.json` that `.ci/run` sums into its closing line.
 * @param {import("vitest/config").ViteUserConfig} [overrides]
 */
export function packageTestConfig(overrides = {}) {
  return mergeConfig(
    defineConfig({
      test: {
        include: ["src/**/*.test.ts"],
        reporters: ["default", ["json", { outputFile: "test-results.json" }]],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    }),
    overrides,
  );
}
