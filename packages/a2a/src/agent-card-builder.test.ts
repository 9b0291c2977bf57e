import { AgentCard } from "@a2a-js/sdk";
import { ReActAgent, ValidationError } from "@agentscope-ts/core";
import { PlainFormatter, ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { describe, expect, it } from "vitest";
import { buildAgentCard } from "./agent-card-builder.js";
import { normalizeAgentCard } from "./agent-card-resolver.js";
import { httpBearerScheme, securityRequirement } from "./security-schemes.js";

const agent = new ReActAgent({
  name: "Friday",
  sysPrompt: "Hi.",
  model: new ScriptedChatModel({ script: [scriptedText("ok")] }),
  formatter: new PlainFormatter(),
});
const url = "http://127.0.0.1:8000/a2a/friday";

describe("buildAgentCard security", () => {
  it("declares no scheme and no requirement by default", () => {
    const card = buildAgentCard(agent, { url });
    expect(card.securitySchemes).toEqual({});
    expect(card.securityRequirements).toEqual([]);
  });

  it("requires any one of the given schemes unless requirements are given", () => {
    const apiKey = {
      scheme: {
        $case: "apiKeySecurityScheme" as const,
        value: { description: "", location: "header", name: "x-api-key" },
      },
    };
    const card = buildAgentCard(agent, {
      url,
      securitySchemes: { bearer: httpBearerScheme({ bearerFormat: "JWT" }), apiKey },
    });
    expect(card.securityRequirements).toEqual([
      { schemes: { bearer: { list: [] } } },
      { schemes: { apiKey: { list: [] } } },
    ]);
    const both = buildAgentCard(agent, {
      url,
      securitySchemes: { bearer: httpBearerScheme(), apiKey },
      securityRequirements: [securityRequirement("bearer", "apiKey")],
    });
    expect(both.securityRequirements).toEqual([
      { schemes: { bearer: { list: [] }, apiKey: { list: [] } } },
    ]);
  });

  it("serves as A2A 1.0 JSON and reads back the same", () => {
    const card = buildAgentCard(agent, {
      url,
      securitySchemes: { bearer: httpBearerScheme({ description: "Ask the admin." }) },
    });
    const json = AgentCard.toJSON(card) as Record<string, unknown>;
    expect(json.securitySchemes).toEqual({
      bearer: { httpAuthSecurityScheme: { description: "Ask the admin.", scheme: "Bearer" } },
    });
    expect(json.securityRequirements).toEqual([{ schemes: { bearer: {} } }]);
    // A client reading the JSON (a file, a served card) gets the SDK's shape back.
    const read = normalizeAgentCard(JSON.parse(JSON.stringify(json)), "card");
    expect(read.securitySchemes).toEqual(card.securitySchemes);
    expect(read.securityRequirements).toEqual(card.securityRequirements);
  });

  it("refuses a requirement naming an undeclared scheme", () => {
    const error = (() => {
      try {
        buildAgentCard(agent, {
          url,
          securitySchemes: { bearer: httpBearerScheme() },
          securityRequirements: [securityRequirement("oauth")],
        });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]).toMatchObject({
      path: "securityRequirements",
      message: expect.stringContaining("'oauth'"),
    });
  });
});
