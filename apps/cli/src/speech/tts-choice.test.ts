import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { chooseModel } from "../model/model-choice.js";
import { chooseTts } from "./tts-choice.js";

const chat = (model: string, env: NodeJS.ProcessEnv, baseUrl?: string) =>
  chooseModel({ model, ...(baseUrl ? { baseUrl } : {}) }, env);

describe("chooseTts", () => {
  it("is off without --speak or --speak-to", () => {
    const env = { OPENAI_API_KEY: "k" };
    expect(chooseTts({ speak: false }, env, chat("openai:gpt-4.1", env))).toBeUndefined();
  });

  it("prefers the chat provider's voice, with its --base-url", () => {
    const env = { OPENAI_API_KEY: "k", GEMINI_API_KEY: "g" };
    const choice = chooseTts(
      { speak: true, baseUrl: "http://127.0.0.1:1/v1" },
      env,
      chat("openai:gpt-4.1", env, "http://127.0.0.1:1/v1"),
    );
    expect(choice).toMatchObject({
      provider: { id: "openai" },
      modelName: "gpt-4o-mini-tts",
      apiKey: "k",
      baseURL: "http://127.0.0.1:1/v1",
      reason: "the chat provider's",
    });
  });

  it("falls back to the first provider whose key is set, without the chat model's --base-url", () => {
    const env = { ANTHROPIC_API_KEY: "a", DASHSCOPE_API_KEY: "d" };
    const choice = chooseTts({ speakTo: "out", speak: false }, env, chat("anthropic:claude", env));
    expect(choice).toMatchObject({
      provider: { id: "dashscope" },
      reason: "DASHSCOPE_API_KEY is set",
    });
    expect(choice?.baseURL).toBeUndefined();
  });

  it("takes --tts provider[:model] and names what is missing", () => {
    const env = { OPENAI_API_KEY: "k", GEMINI_API_KEY: "g" };
    const base = chat("openai:gpt-4.1", env);
    expect(chooseTts({ speak: true, tts: "gemini" }, env, base)).toMatchObject({
      provider: { id: "gemini" },
      modelName: "gemini-2.5-flash-preview-tts",
    });
    expect(chooseTts({ speak: true, tts: "openai:tts-1" }, env, base)?.modelName).toBe("tts-1");
    expect(() => chooseTts({ speak: true, tts: "anthropic" }, env, base)).toThrow(
      /unknown TTS provider "anthropic"/,
    );
    expect(() => chooseTts({ speak: true, tts: "dashscope" }, env, base)).toThrow(
      /--tts dashscope needs an API key: set DASHSCOPE_API_KEY/,
    );
    const none = {};
    const error = (() => {
      try {
        chooseTts({ speak: true }, none, chat("llama-cpp", none));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toMatch(
      /set one of OPENAI_API_KEY, GEMINI_API_KEY, DASHSCOPE_API_KEY/,
    );
  });
});
