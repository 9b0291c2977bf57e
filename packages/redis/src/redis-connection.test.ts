import { StorageConnectionError } from "@agentscope-ts/core";
import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisCommandError } from "./redis-command-error.js";
import { RedisConnection } from "./redis-connection.js";
import { RedisMemory } from "./redis-memory.js";
import { RedisSession } from "./redis-session.js";

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe("RedisConnection command timeout", () => {
  it("fails a command Redis accepts but does not answer in time, then works again", async () => {
    const connection = new RedisConnection({ url: redis.url, commandTimeout: 300 });
    const admin = createClient({ url: redis.url });
    await admin.connect();
    try {
      expect(await connection.call(["SET", "k", "v"], "write k")).toBe("OK");
      // Every client's commands wait while Redis is paused (as on an overloaded server).
      await admin.sendCommand(["CLIENT", "PAUSE", "1500", "ALL"]);
      const error = await connection.call(["GET", "k"], "read k").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageConnectionError);
      expect((error as Error).message).toMatch(/did not answer within 300 ms \(commandTimeout\)/);
      // Once the pause is over the same connection answers again (bounded retries, no clock).
      let value: unknown;
      for (let i = 0; i < 50 && value === undefined; i++) {
        value = await connection.call(["GET", "k"], "read k").catch(() => undefined);
      }
      expect(value).toBe("v");
    } finally {
      await admin.close();
      await connection.close();
    }
  });
});

describe("RedisConnection error replies", () => {
  it("a WRONGTYPE reply is a non-retryable RedisCommandError, not an unreachable Redis", async () => {
    const admin = createClient({ url: redis.url });
    await admin.connect();
    const session = new RedisSession({ url: redis.url, keyPrefix: "wrongtype:" });
    const memory = new RedisMemory({ url: redis.url, keyPrefix: "wrongtype:", sessionId: "s" });
    try {
      // Keys of the wrong type: the session's state is a list, the memory's message list a string.
      await admin.sendCommand(["RPUSH", "wrongtype:user_id:default_user:session:s:state", "x"]);
      await admin.sendCommand(["SET", "wrongtype:user_id:default_user:session:s:messages", "x"]);
      const loadError = await session.load("s", {}).catch((e: unknown) => e);
      expect(loadError).toBeInstanceOf(RedisCommandError);
      expect(loadError).not.toBeInstanceOf(StorageConnectionError);
      expect((loadError as RedisCommandError).retryable).toBe(false);
      expect((loadError as RedisCommandError).reply).toMatch(/^WRONGTYPE/);
      // A Lua script failing on the wrong type is one too.
      const memoryError = await memory.size().catch((e: unknown) => e);
      expect(memoryError).toBeInstanceOf(RedisCommandError);
      expect((memoryError as Error).message).toMatch(/WRONGTYPE/);
    } finally {
      await admin.close();
      await session.close();
      await memory.close();
    }
  });
});

describe("RedisConnection after Redis dies", () => {
  it("fails from the connect path once reconnecting gives up, not after the command timeout", async () => {
    const doomed = await startRedis();
    // A command timeout far beyond the test's own timeout: only the connect path can end the call.
    const connection = new RedisConnection({ url: doomed.url, commandTimeout: 600_000 });
    try {
      expect(await connection.call(["PING"], "ping")).toBe("PONG");
      const client = connection.client as unknown as { once(event: string, fn: () => void): void };
      const reconnecting = new Promise<void>((resolve) => client.once("reconnecting", resolve));
      await doomed.kill();
      await reconnecting; // the client saw the drop and retries in the background
      const error = await connection.call(["PING"], "ping").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageConnectionError);
      expect((error as Error).message).toMatch(/is unreachable \(reconnecting gave up/);
      expect((error as Error).message).not.toMatch(/commandTimeout/);
    } finally {
      await connection.close();
      await doomed.stop();
    }
  });

  it("gives up waiting for a reconnect after connectTimeout", async () => {
    const doomed = await startRedis();
    const connection = new RedisConnection({
      url: doomed.url,
      commandTimeout: 600_000,
      connectTimeout: 50,
    });
    try {
      expect(await connection.call(["PING"], "ping")).toBe("PONG");
      const client = connection.client as unknown as { once(event: string, fn: () => void): void };
      const reconnecting = new Promise<void>((resolve) => client.once("reconnecting", resolve));
      await doomed.kill();
      await reconnecting;
      const error = await connection.call(["PING"], "ping").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageConnectionError);
      // Either the 50 ms wait or the reconnect strategy ended it: both are the connect path.
      expect((error as Error).message).toMatch(
        /is unreachable \((not reconnected within 50 ms|reconnecting gave up)/,
      );
    } finally {
      await connection.close();
      await doomed.stop();
    }
  });
});

describe("RedisConnection.newClient and typedError", () => {
  it("gives a second client on the same server whose failures classify as the connection's", async () => {
    const connection = new RedisConnection({ url: redis.url, keyPrefix: "newclient:" });
    const reader = connection.newClient();
    try {
      expect(reader).not.toBe(connection.client);
      await connection.call(["SET", "newclient:k", "v"], "write k");
      await reader.connect?.();
      // Same server: the second client sees what the first wrote.
      expect(await reader.sendCommand(["GET", "newclient:k"])).toBe("v");
      const reply = await reader.sendCommand(["LPOP", "newclient:k"]).catch((e: unknown) => e);
      const typed = connection.typedError(reply, "pop k");
      expect(typed).toBeInstanceOf(RedisCommandError);
      expect((typed as RedisCommandError).reply).toMatch(/^WRONGTYPE/);
      reader.destroy?.();
      const offline = await reader.sendCommand(["GET", "newclient:k"]).catch((e: unknown) => e);
      expect(connection.typedError(offline, "read k")).toBeInstanceOf(StorageConnectionError);
    } finally {
      if (reader.isOpen) reader.destroy?.();
      await connection.close();
    }
  });

  it("duplicates a given client, and says so when it cannot", async () => {
    const given = createClient({ url: redis.url });
    const connection = new RedisConnection({ client: given });
    const copy = connection.newClient();
    try {
      expect(copy).not.toBe(given);
      await copy.connect?.();
      expect(await copy.sendCommand(["PING"])).toBe("PONG");
      const bare = new RedisConnection({ client: { sendCommand: async () => "OK" } });
      expect(() => bare.newClient()).toThrow(/cannot be duplicated.*pass `url` instead/);
    } finally {
      copy.destroy?.();
    }
  });
});
