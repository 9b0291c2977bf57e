import type { SecurityRequirement, SecurityScheme } from "@a2a-js/sdk";

/** The options of {@link httpBearerScheme}. */
export interface HttpBearerSchemeOptions {
  /** What the token is and where to get one. */
  description?: string;
  /** A hint of the token's format, e.g. `"JWT"`. Default: none. */
  bearerFormat?: string;
}

/**
 * An HTTP bearer security scheme (`Authorization: Bearer <token>`), in the SDK's card shape; on
 * the wire (A2A 1.0) it reads `{ "httpAuthSecurityScheme": { "scheme": "Bearer", … } }`.
 */
export function httpBearerScheme(options: HttpBearerSchemeOptions = {}): SecurityScheme {
  return {
    scheme: {
      $case: "httpAuthSecurityScheme",
      value: {
        description: options.description ?? "",
        scheme: "Bearer",
        bearerFormat: options.bearerFormat ?? "",
      },
    },
  };
}

/** A security requirement: every named scheme at once, with no scopes. */
export function securityRequirement(...schemeNames: string[]): SecurityRequirement {
  return { schemes: Object.fromEntries(schemeNames.map((name) => [name, { list: [] }])) };
}

/** The requirements when none are given: any one of the declared schemes suffices. */
export function anyOfSchemes(schemes: Record<string, SecurityScheme>): SecurityRequirement[] {
  return Object.keys(schemes).map((name) => securityRequirement(name));
}
