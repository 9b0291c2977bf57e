import type { AgentCard, SecurityScheme } from "@a2a-js/sdk";
import { A2AAuthenticationError } from "./a2a-authentication-error.js";

/** Credentials for a remote agent's security schemes, by the scheme's name in its card. */
export type A2ACredentials = Record<string, string>;

/**
 * The HTTP headers that satisfy the card's security requirements with `credentials`: the first
 * requirement (they are alternatives) whose every scheme has a credential. An open card needs
 * none. Throws {@link A2AAuthenticationError} naming the schemes when no requirement can be met.
 */
export function credentialHeaders(
  card: AgentCard,
  credentials: A2ACredentials,
  agentName: string,
): Record<string, string> {
  const requirements = (card.securityRequirements ?? []).filter(
    (r) => Object.keys(r.schemes ?? {}).length > 0,
  );
  if (requirements.length === 0) return {};
  const problems: string[] = [];
  for (const requirement of requirements) {
    const names = Object.keys(requirement.schemes);
    if (names.some((name) => own(credentials, name) === undefined)) continue;
    const headers: Record<string, string> = {};
    const failed = names.find((name) => {
      const header = headerFor(own(card.securitySchemes, name), own(credentials, name) as string);
      if (typeof header === "string") problems.push(`'${name}': ${header}`);
      else Object.assign(headers, header);
      return typeof header === "string";
    });
    if (failed === undefined) return headers;
  }
  const alternatives = requirements.map((r) =>
    Object.keys(r.schemes)
      .map((name) => `'${name}' (${describe(own(card.securitySchemes, name))})`)
      .join(" + "),
  );
  const schemes = [...new Set(requirements.flatMap((r) => Object.keys(r.schemes)))];
  const example = schemes[0] ?? "bearer";
  throw new A2AAuthenticationError(
    problems.length > 0
      ? `Cannot authenticate to the remote A2A agent '${agentName}': ${problems.join("; ")}.`
      : `The remote A2A agent '${agentName}' requires authentication: ${alternatives.join(" or ")}, and no credential was given for it. Pass credentials: { ${example}: "<token>" } to A2AAgent.`,
    schemes,
  );
}

// A record's own entry: a scheme named `constructor` or `__proto__` is not Object.prototype's.
function own<T>(record: Record<string, T> | undefined, name: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}

// One scheme's headers, or why this client cannot send it.
function headerFor(
  scheme: SecurityScheme | undefined,
  credential: string,
): Record<string, string> | string {
  const kind = scheme?.scheme;
  switch (kind?.$case) {
    case "httpAuthSecurityScheme": {
      const name = kind.value.scheme.toLowerCase() === "bearer" ? "Bearer" : kind.value.scheme;
      return { authorization: `${name} ${credential}` };
    }
    case "apiKeySecurityScheme":
      if (kind.value.location === "header") return { [kind.value.name]: credential };
      if (kind.value.location === "cookie") return { cookie: `${kind.value.name}=${credential}` };
      return `an API key in the ${kind.value.location} is not supported; use a clientFactory whose fetch adds it`;
    case "oauth2SecurityScheme":
    case "openIdConnectSecurityScheme":
      // The credential is the access token obtained from the flow.
      return { authorization: `Bearer ${credential}` };
    case "mtlsSecurityScheme":
      return "mutual TLS is set up on the connection, not with a credential; use a clientFactory whose fetch presents the client certificate";
    default:
      return "the card requires it but does not declare it in securitySchemes";
  }
}

function describe(scheme: SecurityScheme | undefined): string {
  const kind = scheme?.scheme;
  switch (kind?.$case) {
    case "httpAuthSecurityScheme":
      return `HTTP ${kind.value.scheme}`;
    case "apiKeySecurityScheme":
      return `API key '${kind.value.name}' in the ${kind.value.location}`;
    case "oauth2SecurityScheme":
      return "OAuth 2.0";
    case "openIdConnectSecurityScheme":
      return "OpenID Connect";
    case "mtlsSecurityScheme":
      return "mutual TLS";
    default:
      return "undeclared";
  }
}
