// Measuring helpers the benchmarks share (the median, and the loop of the *-model-overhead
// benchmarks: a ReActAgent reply against a raw SDK loop making the same calls on the replay test
// server). Lives outside ./benchmarks so the runner does not take it for a benchmark.

/** The median of a list of numbers (the upper one of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Times `agent` answering one user message against `rawLoop(client)` doing the same two model
 * calls, `runs` times `replies` replies each after a warm-up, resetting `server` before each batch,
 * and prints the medians per model call under `rawLabel` and `agentLabel`.
 */
export async function compareAgentToRawLoop({
  core,
  server,
  agent,
  rawLoop,
  client,
  rawLabel,
  agentLabel,
  replies = 100,
  runs = 5,
  warmup = 20,
  callsPerReply = 2,
}) {
  const agentReplies = async (n) => {
    for (let i = 0; i < n; i++) {
      await agent.memory.clear();
      await agent.call(new core.Msg("user", "Weather in San Francisco?", "user"));
    }
  };
  const rawReplies = async (n) => {
    for (let i = 0; i < n; i++) await rawLoop(client);
  };

  await agentReplies(warmup);
  await rawReplies(warmup);
  const agentMs = [];
  const rawMs = [];
  for (let r = 0; r < runs; r++) {
    server.reset();
    let t = performance.now();
    await rawReplies(replies);
    rawMs.push((performance.now() - t) / (replies * callsPerReply));
    server.reset();
    t = performance.now();
    await agentReplies(replies);
    agentMs.push((performance.now() - t) / (replies * callsPerReply));
  }
  const a = median(agentMs);
  const b = median(rawMs);
  const width = Math.max(rawLabel.length, agentLabel.length) + 2;
  console.log(`${`${rawLabel}:`.padEnd(width)}${b.toFixed(3)} ms per model call`);
  console.log(`${`${agentLabel}:`.padEnd(width)}${a.toFixed(3)} ms per model call`);
  console.log(
    `${"ratio agent / raw:".padEnd(width)}${(a / b).toFixed(2)}x  (overhead ${(a - b).toFixed(3)} ms per call)`,
  );
}
