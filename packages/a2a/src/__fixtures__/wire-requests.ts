// JSON-RPC request bodies as A2A clients put them on the wire, written from the specifications
// (not produced by an SDK), for tests that speak the protocol raw.
//
// v0.3: the A2A v0.3.0 specification (a2a-protocol.org, "JSON-RPC" binding) as generated into
// a2a-python's `src/a2a/types.py` (a2aproject/a2a-python, commit 09db309c, the 0.3 line that
// AgentScope Python 1.0.x uses): `SendMessageRequest` (method `message/send`, params
// `MessageSendParams{message, configuration?}`), `SendStreamingMessageRequest` (`message/stream`),
// `GetTaskRequest` (`tasks/get`, params `TaskQueryParams{id, historyLength?}`), `CancelTaskRequest`
// (`tasks/cancel`, `TaskIdParams{id}`), `TaskResubscriptionRequest` (`tasks/resubscribe`,
// `TaskIdParams`); `Message{kind: "message", messageId, role: "user", parts, contextId?, taskId?}`,
// `TextPart{kind: "text", text}`. No `A2A-Version` header (v0.3 has none).
//
// v1.0: the A2A 1.0 specification's JSON-RPC binding (proto JSON of a2a.proto): methods
// `SendMessage`, `SendStreamingMessage`, `GetTask`, `CancelTask`, `SubscribeToTask`;
// `Message{messageId, role: "ROLE_USER", parts: [{text}]}`; sent with `A2A-Version: 1.0`.

/** A v0.3 user message with one text part. */
export function v03Message(text: string, ids: { contextId?: string; taskId?: string } = {}) {
  return {
    kind: "message",
    messageId: crypto.randomUUID(),
    role: "user",
    parts: [{ kind: "text", text }],
    ...ids,
  };
}

/** A v0.3 JSON-RPC request (`message/send`, `message/stream`, `tasks/get`, `tasks/cancel`, `tasks/resubscribe`). */
export function v03Request(method: string, params: Record<string, unknown>, id: number | string = 1) {
  return { jsonrpc: "2.0", id, method, params };
}

/** A v1.0 user message with one text part. */
export function v1Message(text: string, ids: { contextId?: string; taskId?: string } = {}) {
  return { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text }], ...ids };
}

/** A v1.0 JSON-RPC request (`SendMessage`, `SendStreamingMessage`, `GetTask`, `CancelTask`, `SubscribeToTask`). */
export function v1Request(method: string, params: Record<string, unknown>, id: number | string = 1) {
  return { jsonrpc: "2.0", id, method, params };
}

/** Headers of a v1.0 request. */
export const V1_HEADERS = { "content-type": "application/json", "a2a-version": "1.0" };
/** Headers of a v0.3 request: no `A2A-Version`. */
export const V03_HEADERS = { "content-type": "application/json" };

/** Posts a JSON-RPC body and returns the JSON answer. */
export async function rpc(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }> {
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return (await res.json()) as never;
}

/** Posts a streaming JSON-RPC body and returns each SSE `data:` payload, parsed. */
export async function rpcStream(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }[]> {
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    return [JSON.parse(text) as never];
  }
  return text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)) as never);
}

/** Posts a streaming JSON-RPC body and calls `onEvent` with each SSE payload as it arrives. */
export async function rpcStreamEach(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  onEvent: (event: { result?: Record<string, unknown>; error?: { code: number } }) => void,
): Promise<void> {
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  if (!res.body) throw new Error(`no body (${res.status})`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      for (const line of buffer.slice(0, cut).split("\n")) {
        if (line.startsWith("data:")) onEvent(JSON.parse(line.slice(5)) as never);
      }
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf("\n\n");
    }
  }
}

/** A promise and its resolve, for waiting on something a callback sees. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
