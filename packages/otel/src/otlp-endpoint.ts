import { ValidationError } from "@agentscope-ts/core";

/** The OTLP/HTTP path of traces. */
const TRACES_PATH = "/v1/traces";

/**
 * The URL traces are posted to. `endpoint` is an OTLP/HTTP base URL (`http://localhost:4318`,
 * `https://cloud.langfuse.com/api/public/otel`), to which `/v1/traces` is added as the OTLP spec
 * says for `OTEL_EXPORTER_OTLP_ENDPOINT`; a URL that already ends in `/v1/traces` is kept.
 */
export function tracesUrl(endpoint: string, field = "endpoint"): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ValidationError(
      "tracing options",
      [{ path: field, message: `expected an http(s) URL, received ${JSON.stringify(endpoint)}` }],
      { hint: "Pass the OTLP/HTTP endpoint of your collector, e.g. http://localhost:4318." },
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ValidationError(
      "tracing options",
      [
        {
          path: field,
          message: `expected an http(s) URL, received ${url.protocol} (OTLP/gRPC is not supported)`,
        },
      ],
      { hint: "Use the collector's OTLP/HTTP port (4318 by default)." },
    );
  }
  if (url.pathname.endsWith(TRACES_PATH)) return url.href;
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${TRACES_PATH}`;
  return url.href;
}
