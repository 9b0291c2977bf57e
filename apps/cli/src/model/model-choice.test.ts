import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { chooseModel } from "./model-choice.js";

const pick = (flags: { model?: string; baseUrl?: string }, env: NodeJS.ProcessEnv = {}) => {
  const c = chooseModel(flags, env);
  return {
    provider: c.provider.id,
    model: c.modelName,
    key: c.apiKey,
    url: c.baseURL,
    reason: c.reason,
  };
};

describe("chooseModel", () => {
  it("takes the first provider whose key is in the environment, in the documented order", () => {
    const all = {
      OPENAI_API_KEY: "o",
      ANTHROPIC_API_KEY: "a",
      GEMINI_API_KEY: "g",
      DASHSCOPE_API_KEY: "d",
      OLLAMA_HOST: "box:11434",
    };
    expect(pick({}, all)).toMatchObject({ provider: "openai", model: "gpt-4.1-mini", key: "o" });
    const { OPENAI_API_KEY: _o, ...noOpenAI } = all;
    expect(pick({}, noOpenAI)).toMatchObject({
      provider: "anthropic",
      key: "a",
      url: "https://api.anthropic.com",
      reason: "ANTHROPIC_API_KEY is set",
    });
    const geminiChoice = pick({}, { GEMINI_API_KEY: "g", DASHSCOPE_API_KEY: "d" });
    expect(geminiChoice).toMatchObject({ provider: "gemini", key: "g" });
    // The native @google/genai SDK knows its own endpoint.
    expect(geminiChoice.url).toBeUndefined();
    expect(pick({}, { DASHSCOPE_API_KEY: "d" })).toMatchObject({
      provider: "dashscope",
      model: "qwen-plus",
      url: "https://dashscope.aliyuncs.com/api/v1",
    });
    expect(pick({}, { OLLAMA_HOST: "box:11434" })).toMatchObject({
      provider: "ollama",
      url: "box:11434",
      key: undefined,
    });
    expect(pick({}, { OPENAI_API_KEY: "  " })).toMatchObject({ provider: "llama-cpp", model: "" });
  });

  it("--model names a provider and a model; the name may hold colons (paths, tags)", () => {
    expect(pick({ model: "ollama:qwen2.5:7b" })).toMatchObject({
      provider: "ollama",
      model: "qwen2.5:7b",
    });
    expect(pick({ model: "llama-cpp:/m/x.gguf" })).toMatchObject({
      provider: "llama-cpp",
      model: "/m/x.gguf",
    });
    expect(pick({ model: "llama-cpp:https://h/x.gguf" })).toMatchObject({
      model: "https://h/x.gguf",
    });
    expect(pick({ model: "gemini" }, { GEMINI_API_KEY: "g" })).toMatchObject({
      model: "gemini-2.5-flash",
    });
    expect(pick({ model: "gpt-4o" }, { OPENAI_API_KEY: "o" })).toMatchObject({
      provider: "openai",
      model: "gpt-4o",
    });
  });

  it("--base-url serves an OpenAI-compatible server, with or without a key", () => {
    expect(pick({ model: "openai:q", baseUrl: "http://h/v1" })).toMatchObject({
      url: "http://h/v1",
      key: "not-needed",
    });
    expect(
      pick({ model: "my-model", baseUrl: "http://h/v1" }, { OPENAI_API_KEY: "k" }),
    ).toMatchObject({
      provider: "openai",
      key: "k",
    });
  });

  it("fails with one line for an unknown provider, a missing key or a misplaced --base-url", () => {
    const fail = (flags: { model?: string; baseUrl?: string }, env: NodeJS.ProcessEnv = {}) => {
      try {
        chooseModel(flags, env);
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        return (error as Error).message;
      }
      throw new Error("expected an error");
    };
    expect(fail({ model: "foo:bar" })).toMatch(/^unknown model provider "foo"/);
    expect(fail({ model: "dashscope:qwen-max" })).toContain("set DASHSCOPE_API_KEY");
    expect(fail({ model: "gpt-4o" })).toContain("write PROVIDER:NAME");
    expect(fail({ baseUrl: "http://h" })).toContain("--base-url needs the model");
    expect(fail({ model: "llama-cpp:/x.gguf", baseUrl: "http://h" })).toContain(
      "--base-url does not apply to llama-cpp",
    );
  });
});
