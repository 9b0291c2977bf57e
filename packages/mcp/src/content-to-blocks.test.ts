import { describe, expect, it } from "vitest";
import { callToolResultToToolResponse, convertMcpContentToBlocks } from "./content-to-blocks.js";

describe("convertMcpContentToBlocks", () => {
  it("maps text, image and audio blocks", () => {
    expect(
      convertMcpContentToBlocks([
        { type: "text", text: "hi", annotations: { priority: 1 } },
        { type: "image", data: "aW1n", mimeType: "image/png" },
        { type: "audio", data: "YXVk", mimeType: "audio/wav" },
      ]),
    ).toEqual([
      { type: "text", text: "hi" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "aW1n" } },
      { type: "audio", source: { type: "base64", media_type: "audio/wav", data: "YXVk" } },
    ]);
  });

  it("maps embedded resources: text as JSON, media blobs as media, other blobs described", () => {
    const blocks = convertMcpContentToBlocks([
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "abc" } },
      {
        type: "resource",
        resource: { uri: "file:///p.jpg", mimeType: "image/jpeg", blob: "/9j/" },
      },
      { type: "resource", resource: { uri: "file:///b.bin", blob: "AAAAAAAA" } },
    ]);
    expect(blocks[0]).toEqual({
      type: "text",
      text: JSON.stringify({ uri: "file:///a.txt", mimeType: "text/plain", text: "abc" }, null, 2),
    });
    expect(blocks[1]).toEqual({
      type: "image",
      source: { type: "base64", media_type: "image/jpeg", data: "/9j/" },
    });
    expect(JSON.parse(blocks[2]?.type === "text" ? blocks[2].text : "")).toEqual({
      uri: "file:///b.bin",
      blob: "<6 bytes of binary data, not shown>",
    });
  });

  it("maps resource links and unknown blocks to JSON text", () => {
    const blocks = convertMcpContentToBlocks([
      {
        type: "resource_link",
        uri: "demo://x",
        name: "X",
        description: "an x",
        mimeType: "text/plain",
      },
      { type: "hologram", data: 1 } as never,
    ]);
    expect(blocks.map((b) => (b.type === "text" ? JSON.parse(b.text) : b))).toEqual([
      {
        type: "resource_link",
        uri: "demo://x",
        name: "X",
        description: "an x",
        mimeType: "text/plain",
      },
      { type: "hologram", data: 1 },
    ]);
    expect(convertMcpContentToBlocks(undefined)).toEqual([]);
  });
});

describe("callToolResultToToolResponse", () => {
  it("adds structured content as JSON text only when no text block holds it", () => {
    const only = callToolResultToToolResponse(
      { content: [], structuredContent: { a: 1, b: [2] } },
      "t",
    );
    expect(only.content).toEqual([{ type: "text", text: '{"a":1,"b":[2]}' }]);
    expect(only.metadata).toEqual({ structured_content: { a: 1, b: [2] } });

    const both = callToolResultToToolResponse(
      {
        content: [{ type: "text", text: '{ "b": [2], "a": 1 }' }],
        structuredContent: { a: 1, b: [2] },
      },
      "t",
    );
    expect(both.content).toHaveLength(1);
  });

  it("marks isError results for the model and keeps _meta", () => {
    const res = callToolResultToToolResponse(
      { content: [{ type: "text", text: "boom" }], isError: true, _meta: { trace: "t1" } },
      "explode",
    );
    expect(res.content).toEqual([
      { type: "text", text: "Error: the MCP tool 'explode' reported an error:" },
      { type: "text", text: "boom" },
    ]);
    expect(res.metadata).toEqual({ trace: "t1", is_error: true });
    expect(res).toMatchObject({ stream: false, isLast: true, isInterrupted: false });
  });

  it("leaves metadata out when there is none", () => {
    const res = callToolResultToToolResponse({ content: [{ type: "text", text: "ok" }] }, "t");
    expect(res.metadata).toBeUndefined();
  });
});
