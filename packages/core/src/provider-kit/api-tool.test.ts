import { describe, expect, it } from "vitest";
import type { ToolContext } from "../tool/tool-definition.js";
import { type ToolResponse, toolResponse } from "../tool/tool-response.js";
import { apiKeyParam, apiTool, urlList, urlListParam } from "./api-tool.js";

const context: ToolContext = { signal: new AbortController().signal, toolCallId: "t1" };

const echo = apiTool({
  name: "echo_tool",
  description: "Echoes its prompt.",
  properties: { prompt: { type: "string" }, api_key: apiKeyParam("The key.") },
  required: ["prompt", "api_key"],
  failure: "Failed to echo: ",
  call: async (input) => {
    if (input.prompt === "boom") throw new Error("the API said no");
    if (input.prompt === "raw") throw "a bare string";
    return toolResponse(String(input.prompt));
  },
});

/** The content blocks `echo` answers `input` with. */
async function answer(input: Record<string, unknown>) {
  return ((await echo.execute(input, context)) as ToolResponse).content;
}

describe("apiTool", () => {
  it("builds an object schema of the properties and required arguments", () => {
    expect(echo.name).toBe("echo_tool");
    expect(echo.description).toBe("Echoes its prompt.");
    expect(echo.parameters).toEqual({
      type: "object",
      properties: {
        prompt: { type: "string" },
        api_key: { type: "string", description: "The key." },
      },
      required: ["prompt", "api_key"],
    });
  });

  it("answers the call's result", async () => {
    expect(await answer({ prompt: "hi", api_key: "k" })).toEqual(toolResponse("hi").content);
  });

  it("answers a thrown error as the failure text and its message", async () => {
    expect(await answer({ prompt: "boom" })).toEqual([
      { type: "text", text: "Failed to echo: the API said no" },
    ]);
    expect(await answer({ prompt: "raw" })).toEqual([
      { type: "text", text: "Failed to echo: a bare string" },
    ]);
  });
});

describe("urlList", () => {
  it("lists one URL, keeps a list's strings, and answers [] for anything else", () => {
    expect(urlList("http://a")).toEqual(["http://a"]);
    expect(urlList(["http://a", 3, "http://b"])).toEqual(["http://a", "http://b"]);
    expect(urlList(undefined)).toEqual([]);
  });
});

describe("urlListParam", () => {
  it("is a string-or-list-of-strings schema with the tool's description", () => {
    expect(urlListParam("The image URLs.")).toEqual({
      anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
      description: "The image URLs.",
    });
  });
});
