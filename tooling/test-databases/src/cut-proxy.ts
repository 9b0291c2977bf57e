import { connect, createServer, type Socket } from "node:net";

/** When a {@link CutProxy} cuts: before forwarding the matching chunk, or once the server answered it. */
export type CutMode = "before-send" | "after-reply";

/** A TCP proxy in front of a real server that drops every connection on cue. */
export interface CutProxy {
  /** The loopback port clients connect to instead of the server's. */
  port: number;
  /**
   * Arms one cut: the next client→server chunk containing `marker` either never reaches the server
   * (`before-send`), or reaches it and the connection drops once the server has answered
   * (`after-reply`, so the client never sees the answer). Resolves when the cut happened.
   */
  cutOn(marker: string, mode: CutMode): Promise<void>;
  /** Closes the proxy and every connection through it. */
  stop(): Promise<void>;
}

/** Starts a {@link CutProxy} on a free 127.0.0.1 port forwarding to `targetPort`. */
export async function startCutProxy(targetPort: number): Promise<CutProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let armed: { marker: string; mode: CutMode; done: () => void } | null = null;
  const dropAll = () => {
    for (const [client, server] of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
  };
  const proxy = createServer((client) => {
    const server = connect(targetPort, "127.0.0.1");
    const pair: [Socket, Socket] = [client, server];
    pairs.add(pair);
    let cutAfterReply: (() => void) | null = null;
    client.on("data", (chunk: Buffer) => {
      const cue = armed;
      if (cue && chunk.includes(cue.marker)) {
        armed = null;
        if (cue.mode === "before-send") {
          dropAll();
          cue.done();
          return;
        }
        cutAfterReply = cue.done;
      }
      server.write(chunk);
    });
    server.on("data", (chunk: Buffer) => {
      if (cutAfterReply) {
        const done = cutAfterReply;
        cutAfterReply = null;
        dropAll();
        done();
        return;
      }
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      server.destroy();
      pairs.delete(pair);
    };
    client.on("error", close);
    server.on("error", close);
    client.on("close", close);
    server.on("close", close);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const address = proxy.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    cutOn(marker, mode) {
      return new Promise<void>((resolve) => {
        armed = { marker, mode, done: resolve };
      });
    },
    async stop() {
      dropAll();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
