// Cost per streamed chunk of DashScopeChatModel (native SSE, incremental_output) as the answer
// grows: flat figures mean each cumulative chunk costs O(delta), not O(total).
import { DashScopeChatModel } from "@agentscope-ts/dashscope";
import { createTestServer } from "@agentscope-ts/test-server";
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "DashScopeChatModel.stream over the test server: µs per chunk for text and tool-call streams of 1k/4k/16k events, median of 3 runs";

function textEvents(n) {
  return Array.from({ length: n }, (_, i) => ({
    output: {
      choices: [
        {
          message: { role: "assistant", content: `word${i} ` },
          finish_reason: i === n - 1 ? "stop" : "null",
        },
      ],
    },
    usage: { input_tokens: 20, output_tokens: i + 1, total_tokens: 21 + i },
    request_id: "bench",
  }));
}

function toolEvents(n) {
  return Array.from({ length: n }, (_, i) => ({
    output: {
      choices: [
        {
          message: {
            role: "assistant",
            content: "",
            tool_calls: [
              {
                index: 0,
                id: i === 0 ? "call_1" : "",
                type: "function",
                function: {
                  ...(i === 0 ? { name: "write" } : {}),
                  arguments: i === 0 ? '{"text": "' : i === n - 1 ? 'end"}' : `part${i} `,
                },
              },
            ],
          },
          finish_reason: i === n - 1 ? "tool_calls" : "null",
        },
      ],
    },
    usage: { input_tokens: 20, output_tokens: i + 1, total_tokens: 21 + i },
    request_id: "bench",
  }));
}

export async function run() {
  const sizes = [1000, 4000, 16000];
  const streams = {};
  for (const n of sizes) {
    streams[`text-${n}`] = textEvents(n);
    streams[`tool-${n}`] = toolEvents(n);
  }
  const server = await createTestServer({
    "/api/v1/services/aigc/text-generation/generation": {
      response: ({ call }) => ({
        type: "stream",
        format: "dashscope",
        chunks: streams[call.headers["x-bench-stream"]],
      }),
    },
  });
  try {
    const model = new DashScopeChatModel({
      modelName: "qwen-plus",
      apiKey: "bench",
      baseHttpApiUrl: `${server.url}/api/v1`,
    });
    const messages = [{ role: "user", content: "Write." }];
    const once = async (key) => {
      let count = 0;
      const t = performance.now();
      for await (const _chunk of model.stream(messages, {
        generateKwargs: { headers: { "x-bench-stream": key } },
      })) {
        count++;
      }
      return ((performance.now() - t) * 1000) / count;
    };
    for (let w = 0; w < 3; w++) await once("text-4000");
    for (const kind of ["text", "tool"]) {
      const line = [];
      for (const n of sizes) {
        const key = `${kind}-${n}`;
        await once(key);
        const runs = [];
        for (let r = 0; r < 3; r++) runs.push(await once(key));
        line.push(`${n} events ${median(runs).toFixed(1)} µs/chunk`);
      }
      console.log(`${kind.padEnd(5)} ${line.join(", ")}`);
    }
  } finally {
    await server.close();
  }
}
