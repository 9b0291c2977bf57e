import type { AgentCard, SecurityScheme } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { A2AAuthenticationError } from "./a2a-authentication-error.js";
import { credentialHeaders } from "./a2a-credentials.js";
import { normalizeAgentCard } from "./agent-card-resolver.js";
import { httpBearerScheme, securityRequirement } from "./security-schemes.js";

const apiKey = (location: string): SecurityScheme => ({
  scheme: {
    $case: "apiKeySecurityScheme",
    value: { description: "", location, name: "x-api-key" },
  },
});
const mtls: SecurityScheme = {
  scheme: { $case: "mtlsSecurityScheme", value: { description: "" } },
};

function card(
  securitySchemes: Record<string, SecurityScheme>,
  requirements: string[][],
): AgentCard {
  return normalizeAgentCard(
    {
      name: "Remote",
      supportedInterfaces: [{ url: "http://x.test", protocolBinding: "JSONRPC" }],
      securitySchemes,
      securityRequirements: requirements.map((names) => securityRequirement(...names)),
    },
    "card",
  );
}

const failure = (fn: () => unknown): A2AAuthenticationError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof A2AAuthenticationError) return error;
    throw error;
  }
  throw new Error("expected an A2AAuthenticationError");
};

describe("credentialHeaders", () => {
  it("sends nothing to an open agent, whatever credentials are held", () => {
    expect(credentialHeaders(card({}, []), { bearer: "t" }, "Remote")).toEqual({});
  });

  it("sends each scheme as its card says", () => {
    const schemes = { bearer: httpBearerScheme(), key: apiKey("header"), jar: apiKey("cookie") };
    expect(credentialHeaders(card(schemes, [["bearer"]]), { bearer: "t1" }, "R")).toEqual({
      authorization: "Bearer t1",
    });
    expect(credentialHeaders(card(schemes, [["key"]]), { key: "k1" }, "R")).toEqual({
      "x-api-key": "k1",
    });
    expect(credentialHeaders(card(schemes, [["jar"]]), { jar: "c1" }, "R")).toEqual({
      cookie: "x-api-key=c1",
    });
    // Requirements are alternatives; schemes inside one are all needed.
    const either = card(schemes, [["bearer", "key"], ["jar"]]);
    expect(credentialHeaders(either, { bearer: "t", jar: "c" }, "R")).toEqual({
      cookie: "x-api-key=c",
    });
    expect(credentialHeaders(either, { bearer: "t", key: "k" }, "R")).toEqual({
      authorization: "Bearer t",
      "x-api-key": "k",
    });
  });

  it("names the required schemes and the fix when no credential fits", () => {
    const error = failure(() =>
      credentialHeaders(card({ bearer: httpBearerScheme() }, [["bearer"]]), {}, "Remote"),
    );
    expect(error.code).toBe("a2a_authentication");
    expect(error.schemes).toEqual(["bearer"]);
    expect(error.message).toContain("'Remote' requires authentication: 'bearer' (HTTP Bearer)");
    expect(error.message).toContain('credentials: { bearer: "<token>" }');
  });

  it("says why a held credential cannot be sent", () => {
    const query = failure(() =>
      credentialHeaders(card({ q: apiKey("query") }, [["q"]]), { q: "k" }, "R"),
    );
    expect(query.message).toContain("'q': an API key in the query is not supported");
    const tls = failure(() => credentialHeaders(card({ tls: mtls }, [["tls"]]), { tls: "x" }, "R"));
    expect(tls.message).toContain("mutual TLS");
    expect(tls.schemes).toEqual(["tls"]);
  });

  it("reads only own entries: a scheme named like an Object.prototype member is not found there", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const error = failure(() => credentialHeaders(card({}, [[name]]), {}, "R"));
      expect(error.message).toMatch(/no credential was given/);
      expect(error.message).toContain(`'${name}' (undeclared)`);
    }
  });
});
