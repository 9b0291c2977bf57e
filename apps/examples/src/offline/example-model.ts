import { OpenAIChatModel } from "@agentscope-ts/openai";
import { startOfflineOpenAI } from "./offline-openai-server.ts";

/** The chat model an example runs on, and how to stop what was started for it. */
export interface ExampleModel extends AsyncDisposable {
  model: OpenAIChatModel;
  /** Whether the model is the local offline server. */
  offline: boolean;
}

/**
 * OpenAI's `gpt-4.1-mini` (or `EXAMPLE_MODEL`) with `OPENAI_API_KEY`; with `--offline` on the
 * command line, the same OpenAI client against a local server that answers like a cooperative
 * model (no key, no network). Use with `await using`.
 */
export async function exampleModel(argv: readonly string[] = process.argv): Promise<ExampleModel> {
  if (argv.includes("--offline")) {
    const server = await startOfflineOpenAI();
    return {
      model: new OpenAIChatModel({
        modelName: "gpt-4.1-mini",
        apiKey: "offline",
        baseURL: `${server.url}/v1`,
      }),
      offline: true,
      [Symbol.asyncDispose]: () => server.close(),
    };
  }
  if (!process.env.OPENAI_API_KEY) {
    console.error(
      "Set OPENAI_API_KEY to run this example with OpenAI, or pass --offline to run it against a local server that answers like a model.",
    );
    process.exit(2);
  }
  return {
    model: new OpenAIChatModel({ modelName: process.env.EXAMPLE_MODEL ?? "gpt-4.1-mini" }),
    offline: false,
    [Symbol.asyncDispose]: async () => {},
  };
}
