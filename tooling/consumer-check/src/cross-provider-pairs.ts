// A user's code pairing real formatters and models of different provider packages, checked
// against the published .d.ts files: each provider's own pair compiles, a crossed pair does not.
import { ReActAgent } from "@agentscope-ts/core";
import { GeminiChatFormatter, GeminiChatModel } from "@agentscope-ts/gemini";
import { LlamaCppChatFormatter, LlamaCppChatModel } from "@agentscope-ts/llama-cpp";
import { OllamaChatFormatter, OllamaChatModel } from "@agentscope-ts/ollama";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";

const base = { name: "Friday", sysPrompt: "You are Friday." };
const geminiModel = new GeminiChatModel({ modelName: "gemini-2.5-flash", apiKey: "k" });
const ollamaModel = new OllamaChatModel({ modelName: "qwen3:0.6b" });
const llamaModel = new LlamaCppChatModel({ modelPath: "/models/tiny.gguf" });

/** Each provider's own pair. */
export const agents = [
  new ReActAgent({ ...base, model: geminiModel, formatter: new GeminiChatFormatter() }),
  new ReActAgent({ ...base, model: ollamaModel, formatter: new OllamaChatFormatter() }),
  new ReActAgent({ ...base, model: llamaModel, formatter: new LlamaCppChatFormatter() }),
];

const ollamaWithGemini = { ...base, model: geminiModel, formatter: new OllamaChatFormatter() };
// @ts-expect-error Ollama's messages are not Gemini contents
new ReActAgent(ollamaWithGemini);
const openaiWithGemini = { ...base, model: geminiModel, formatter: new OpenAIChatFormatter() };
// @ts-expect-error OpenAI's messages are not Gemini contents
new ReActAgent(openaiWithGemini);
const geminiWithOllama = { ...base, model: ollamaModel, formatter: new GeminiChatFormatter() };
// @ts-expect-error Gemini contents are not Ollama messages
new ReActAgent(geminiWithOllama);
const geminiWithLlama = { ...base, model: llamaModel, formatter: new GeminiChatFormatter() };
// @ts-expect-error Gemini contents are not llama.cpp messages
new ReActAgent(geminiWithLlama);
// @ts-expect-error an OpenAI-shaped message is no Gemini content
geminiModel.call([{ role: "user", content: "hi" }]);
