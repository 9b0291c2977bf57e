import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startCutProxy } from "./cut-proxy.js";
import { findBinary } from "./find-binary.js";
import { startPostgres } from "./start-postgres.js";
import { startRedis } from "./start-redis.js";

/** Sends `text` to 127.0.0.1:port and resolves with the first answer. */
function ask(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.once("data", (d) => {
      resolve(d.toString());
      socket.destroy();
    });
    socket.once("error", reject);
    socket.once("close", () => resolve(""));
  });
}

describe("test servers", () => {
  it("says how to install a missing server binary", () => {
    expect(() => findBinary("no-such-server-binary")).toThrow(
      /need `no-such-server-binary`, which is not installed.*apt-get install -y redis-server postgresql/,
    );
  });

  it("starts redis-server, answers PING, and stops it", async () => {
    const redis = await startRedis();
    expect(await ask(redis.port, "PING\r\n")).toBe("+PONG\r\n");
    await redis.stop();
    await expect(ask(redis.port, "PING\r\n")).rejects.toThrow(/ECONNREFUSED/);
  });

  it("cuts a connection before or after the marked command", async () => {
    const redis = await startRedis();
    const proxy = await startCutProxy(redis.port);
    try {
      expect(await ask(proxy.port, "PING\r\n")).toBe("+PONG\r\n");
      const cut = proxy.cutOn("SET", "before-send");
      expect(await ask(proxy.port, "SET k 1\r\n")).toBe("");
      await cut;
      expect(await ask(redis.port, "GET k\r\n")).toBe("$-1\r\n");
      const after = proxy.cutOn("SET", "after-reply");
      expect(await ask(proxy.port, "SET k 2\r\n")).toBe("");
      await after;
      expect(await ask(redis.port, "GET k\r\n")).toBe("$1\r\n2\r\n");
    } finally {
      await proxy.stop();
      await redis.stop();
    }
  });

  it("starts PostgreSQL on a loopback port and stops it", async () => {
    const pg = await startPostgres();
    // An SSLRequest packet: a real PostgreSQL answers 'N' (no SSL) on a plain socket.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(pg.port, "127.0.0.1", () =>
        socket.write(Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f])),
      );
      socket.once("data", (d) => {
        resolve(d.toString());
        socket.destroy();
      });
      socket.once("error", reject);
    });
    expect(answer).toBe("N");
    await pg.stop();
    await expect(ask(pg.port, "x")).rejects.toThrow(/ECONNREFUSED/);
  });
});
