import { renamedOption } from "@agentscope-ts/core";
import { DEFAULT_BASE_HTTP_API_URL } from "../model/generation-request.js";

/** Where DashScope is reached: `baseURL` (or the deprecated `baseHttpApiUrl`). */
export interface DashScopeBaseURLOptions {
  /** The API base URL. Default `https://dashscope.aliyuncs.com/api/v1` (Beijing); the international (Singapore) endpoint is `https://dashscope-intl.aliyuncs.com/api/v1`. */
  baseURL?: string;
  /** @deprecated Renamed `baseURL` (the name every provider uses); still read, with a warning. */
  baseHttpApiUrl?: string;
}

/** The base URL `options` give (`baseURL`, or the deprecated `baseHttpApiUrl`, which warns once), without a trailing slash. */
export function dashScopeBaseURL(owner: string, options: DashScopeBaseURLOptions): string {
  const url = renamedOption<string>(owner, options, "baseHttpApiUrl", "baseURL");
  return (url ?? DEFAULT_BASE_HTTP_API_URL).replace(/\/+$/, "");
}
