// The table's two loops, shared by workload.mjs and transport-probe.mjs: a hand-written loop on the
// raw `openai` SDK, and the framework (a ReActAgent with a zod tool on OpenAIChatModel).
const { default: OpenAI } = await import("openai");
const core = await import("@agentscope-ts/core");
const openai = await import("@agentscope-ts/openai");
const { z } = await import("zod");

const weather = ({ location }) => `Cloudy, 7 degrees in ${location}`;
const weatherSchema = {
  type: "function",
  function: {
    name: "weather",
    description: "Get the weather in a location.",
    parameters: {
      type: "object",
      properties: { location: { type: "string" }, note: { type: "string" } },
      required: ["location"],
    },
  },
};

/** A raw SDK stream read to its end: the answer's text and its tool calls assembled by index. */
export async function readStreamedTurn(stream) {
  let text = "";
  const byIndex = new Map();
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta;
    if (!delta) continue;
    if (delta.content) text += delta.content;
    for (const c of delta.tool_calls ?? []) {
      let call = byIndex.get(c.index);
      if (!call) {
        call = { id: c.id, name: c.function?.name, args: "" };
        byIndex.set(c.index, call);
      }
      call.args += c.function?.arguments ?? "";
    }
  }
  return { text, calls: [...byIndex.values()] };
}

// --- the hand-written raw-SDK loop: what a user would write without a framework -------------
/** The raw-SDK loop against `baseURL`: `(model, question) => Promise<answer text>`. */
export function rawRunner(baseURL, streaming) {
  // Built on the first run, as the framework builds its agent (and its model's client) there: a
  // cold run pays for constructing the client on both sides.
  let client;
  return async (model, question) => {
    client ??= new OpenAI({ apiKey: "bench", baseURL, maxRetries: 0 });
    const messages = [
      { role: "system", content: "You are a helpful assistant." },
      { role: "user", content: question },
    ];
    for (;;) {
      let text = "";
      let calls;
      if (streaming) {
        const stream = await client.chat.completions.create({
          model,
          messages,
          tools: [weatherSchema],
          stream: true,
          stream_options: { include_usage: true },
        });
        ({ text, calls } = await readStreamedTurn(stream));
      } else {
        const res = await client.chat.completions.create({
          model,
          messages,
          tools: [weatherSchema],
        });
        const message = res.choices[0].message;
        text = message.content ?? "";
        calls = (message.tool_calls ?? []).map((c) => ({
          id: c.id,
          name: c.function.name,
          args: c.function.arguments,
        }));
      }
      if (calls.length === 0) return text;
      messages.push({
        role: "assistant",
        content: null,
        tool_calls: calls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: c.args },
        })),
      });
      for (const c of calls) {
        messages.push({ role: "tool", tool_call_id: c.id, content: weather(JSON.parse(c.args)) });
      }
    }
  };
}

// --- the framework: a ReActAgent with a zod tool on OpenAIChatModel, printing off -------------
/**
 * The table's agent, built from the given builds of core and `@agentscope-ts/openai` (the
 * loop-alone benchmark passes a baseline build): a ReActAgent with the zod weather tool on an
 * `OpenAIChatModel` made with `modelOptions`, printing off.
 */
export function weatherAgent(core, openai, modelOptions) {
  const toolkit = new core.Toolkit();
  toolkit.registerToolFunction(
    core.tool({
      name: "weather",
      description: "Get the weather in a location.",
      parameters: z.object({ location: z.string(), note: z.string().optional() }),
      execute: weather,
    }),
  );
  const agent = new core.ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant.",
    model: new openai.OpenAIChatModel(modelOptions),
    formatter: new openai.OpenAIChatFormatter(),
    toolkit,
    maxIters: 20,
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

/**
 * The framework's loop against `baseURL`: `(model, question) => Promise<reply Msg>`. With
 * `platformFetch`, the model's client sends through `globalThis.fetch` (what the raw loop uses)
 * instead of `@agentscope-ts/openai`'s default (`nodeHttpFetch`): the framework's own overhead on
 * the same transport.
 */
export function agentRunner(baseURL, streaming, { platformFetch = false } = {}) {
  const agents = new Map();
  const agentFor = (model) => {
    let agent = agents.get(model);
    if (agent) return agent;
    agent = weatherAgent(core, openai, {
      modelName: model,
      apiKey: "bench",
      baseURL,
      stream: streaming,
      ...(platformFetch ? { clientKwargs: { fetch: (input, init) => fetch(input, init) } } : {}),
    });
    agents.set(model, agent);
    return agent;
  };
  return async (model, question) => {
    const agent = agentFor(model);
    await agent.memory.clear();
    const msg = new core.Msg("user", question, "user");
    if (!streaming) return agent.call(msg);
    let reply;
    for await (const event of agent.stream(msg)) {
      if (event.type === "reply") reply = event.msg;
      else if (event.type === "error") throw event.error;
    }
    return reply;
  };
}
