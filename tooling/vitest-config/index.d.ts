import type { ViteUserConfig } from "vitest/config";
/** The vitest config of a package, merged with `overrides`. */
export function packageTestConfig(overrides?: ViteUserConfig): ViteUserConfig;
