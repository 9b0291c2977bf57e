import { Toolkit, type ToolResponse, type ToolUseBlock } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { dashscopeImageToText, dashscopeTextToImage } from "./dashscope-multimodal-tools.js";

// The bodies follow the documented shapes of DashScope's image-synthesis task API (submit with
// `X-DashScope-Async: enable`, then `GET /tasks/{id}`) and multimodal-generation API.

async function call(toolkit: Toolkit, name: string, input: Record<string, unknown>) {
  const toolCall: ToolUseBlock = { type: "tool_use", id: "c1", name, input };
  let last: ToolResponse | undefined;
  for await (const r of toolkit.callTool(toolCall)) last = r;
  return last as ToolResponse;
}

const pending = { request_id: "r1", output: { task_id: "task-1", task_status: "PENDING" } };
const succeeded = (base: string) => ({
  request_id: "r2",
  output: {
    task_id: "task-1",
    task_status: "SUCCEEDED",
    results: [{ url: `${base}/img/cat.png` }, { url: `${base}/img/dog.png` }],
  },
});

describe("DashScope multimodal tools (AgentScope's dashscope_* tools)", () => {
  it("dashscope_text_to_image submits a task, polls it and returns image blocks", async () => {
    let base = "";
    await using server = await createTestServer({
      "/api/v1/services/aigc/text2image/image-synthesis": {
        response: { type: "json", body: pending },
      },
      "/api/v1/tasks/task-1": {
        response: ({ callNumber }) =>
          callNumber === 0
            ? {
                type: "json",
                body: { ...pending, output: { ...pending.output, task_status: "RUNNING" } },
              }
            : { type: "json", body: succeeded(base) },
      },
    });
    base = server.url;
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      dashscopeTextToImage({ baseHttpApiUrl: `${server.url}/api/v1`, pollIntervalMs: 1 }),
      { presetKwargs: { api_key: "sk-ds" } },
    );
    const result = await call(toolkit, "dashscope_text_to_image", { prompt: "a cat", n: 2 });
    expect(result.content).toEqual([
      { type: "image", source: { type: "url", url: `${base}/img/cat.png` } },
      { type: "image", source: { type: "url", url: `${base}/img/dog.png` } },
    ]);
    const [submit, poll1, poll2] = server.calls;
    expect(submit?.body).toEqual({
      model: "wanx-v1",
      input: { prompt: "a cat" },
      parameters: { n: 2, size: "1024*1024" },
    });
    expect(submit?.headers["x-dashscope-async"]).toBe("enable");
    expect(submit?.headers.authorization).toBe("Bearer sk-ds");
    expect([poll1?.path, poll2?.path]).toEqual(["/api/v1/tasks/task-1", "/api/v1/tasks/task-1"]);
    expect(server.calls).toHaveLength(3);
  });

  it("dashscope_text_to_image fetches the images with use_base64, and reports failures", async () => {
    let base = "";
    await using server = await createTestServer({
      "/api/v1/services/aigc/text2image/image-synthesis": {
        response: [
          { type: "json", body: pending },
          {
            type: "error",
            status: 400,
            body: { code: "InvalidParameter", message: "size is invalid", request_id: "r" },
          },
        ],
      },
      "/api/v1/tasks/task-1": { response: () => ({ type: "json", body: succeeded(base) }) },
      "/img/cat.png": { response: { type: "binary", body: new Uint8Array([1, 2, 3]) } },
      "/img/dog.png": { response: { type: "binary", body: new Uint8Array([4]) } },
    });
    base = server.url;
    const tool = dashscopeTextToImage({
      baseHttpApiUrl: `${server.url}/api/v1`,
      pollIntervalMs: 1,
    });
    const context = { signal: new AbortController().signal, toolCallId: "c" };
    const images = (await tool.execute(
      { prompt: "p", api_key: "k", use_base64: true },
      context,
    )) as ToolResponse;
    expect(images.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AQID" } },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "BA==" } },
    ]);
    const failed = (await tool.execute({ prompt: "p", api_key: "k" }, context)) as ToolResponse;
    expect(failed.content).toEqual([
      {
        type: "text",
        text: expect.stringMatching(/^Failed to generate images: .*size is invalid/),
      },
    ]);
  });

  it("dashscope_image_to_text sends AgentScope's messages and returns the text", async () => {
    await using server = await createTestServer({
      "/api/v1/services/aigc/multimodal-generation/generation": {
        response: {
          type: "json",
          body: {
            request_id: "r",
            output: {
              choices: [
                {
                  finish_reason: "stop",
                  message: { role: "assistant", content: [{ text: "A cat on a mat." }] },
                },
              ],
            },
            usage: { input_tokens: 1200, output_tokens: 6 },
          },
        },
      },
    });
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(dashscopeImageToText({ baseHttpApiUrl: `${server.url}/api/v1` }), {
      presetKwargs: { api_key: "k" },
    });
    const result = await call(toolkit, "dashscope_image_to_text", {
      image_urls: ["https://img.example/a.png", "https://img.example/b.png"],
      prompt: "What is it?",
    });
    expect(result.content).toEqual([{ type: "text", text: "A cat on a mat." }]);
    expect(server.calls[0]?.body).toEqual({
      model: "qwen-vl-plus",
      input: {
        messages: [
          { role: "system", content: [{ text: "You are a helpful assistant." }] },
          {
            role: "user",
            content: [
              { image: "https://img.example/a.png" },
              { image: "https://img.example/b.png" },
              { text: "What is it?" },
            ],
          },
        ],
      },
    });
  });
});
