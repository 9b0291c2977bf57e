import { StorageConnectionError } from "@agentscope-ts/core";
import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisConnection } from "./redis-connection.js";

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
