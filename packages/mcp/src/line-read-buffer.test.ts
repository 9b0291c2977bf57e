import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { LineReadBuffer, MESSAGE_TOO_LARGE_CODE } from "./line-read-buffer.js";

function buffer(maxMessageBytes: number, pendingIds: RequestId[] = []) {
  const pending = new Set<RequestId>(pendingIds);
  const buf = new LineReadBuffer({
    maxMessageBytes,
    pending,
    describe: (bytes) => `too big: ${bytes} bytes`,
  });
  const drain = () => {
    const out: (JSONRPCMessage | string)[] = [];
    for (;;) {
      try {
        const m = buf.readMessage();
        if (m === null) return out;
        out.push(m);
      } catch (error) {
        out.push(`error: ${(error as Error).message}`);
      }
    }
  };
  return { buf, pending, drain };
}

const line = (m: object) => `${JSON.stringify(m)}\n`;

describe("LineReadBuffer", () => {
  it("splits messages across and within chunks, skipping blank lines and CRs", () => {
    const { buf, drain } = buffer(1000);
    const a = line({ jsonrpc: "2.0", method: "notifications/initialized" });
    const b = `${JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} })}\r\n\n`;
    const text = a + b;
    buf.append(Buffer.from(text.slice(0, 10)));
    expect(drain()).toEqual([]);
    buf.append(Buffer.from(text.slice(10)));
    expect(drain()).toEqual([
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 1, result: {} },
    ]);
  });

  it("reports a line that is not JSON-RPC and reads on", () => {
    const { buf, drain } = buffer(1000);
    buf.append(Buffer.from(`{bad\n${line({ jsonrpc: "2.0", id: 2, result: {} })}`));
    const out = drain();
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^error: /);
    expect(out[1]).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });

  it("answers the pending request of an oversized response (id last, as the TypeScript SDK writes it)", () => {
    const { buf, pending, drain } = buffer(100, [3, 4]);
    const big = `${JSON.stringify({ result: { text: "x".repeat(5000) }, jsonrpc: "2.0", id: 4 })}\n`;
    // Streamed in small pieces, then followed by a normal answer.
    for (let i = 0; i < big.length; i += 64) buf.append(Buffer.from(big.slice(i, i + 64)));
    buf.append(Buffer.from(line({ result: {}, jsonrpc: "2.0", id: 3 })));
    expect(drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 4,
        error: { code: MESSAGE_TOO_LARGE_CODE, message: `too big: ${big.length - 1} bytes` },
      },
      { result: {}, jsonrpc: "2.0", id: 3 },
    ]);
    expect(pending.size).toBe(0);
  });

  it("finds the id first (the Python SDK's order), or the only pending request, or reports an error", () => {
    const py = buffer(50, ["req-1", 9]);
    py.buf.append(
      Buffer.from(line({ jsonrpc: "2.0", id: "req-1", result: { text: "y".repeat(500) } })),
    );
    expect(py.drain()).toEqual([
      expect.objectContaining({ id: "req-1", error: expect.objectContaining({ code: -32000 }) }),
    ]);

    const only = buffer(50, [7]);
    only.buf.append(Buffer.from(`${"z".repeat(300)}\n`));
    expect(only.drain()).toEqual([expect.objectContaining({ id: 7 })]);

    const unknown = buffer(50, [7, 8]);
    unknown.buf.append(Buffer.from(`${"z".repeat(300)}\n`));
    expect(unknown.drain()).toEqual(["error: too big: 300 bytes"]);
    expect(unknown.pending.size).toBe(2);
  });
});
