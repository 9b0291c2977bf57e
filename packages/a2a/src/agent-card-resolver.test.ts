import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ValidationError } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SdkServer, startSdkServer } from "./__fixtures__/sdk-server.js";
import { A2AConnectionError } from "./a2a-connection-error.js";
import {
  FileAgentCardResolver,
  FixedAgentCardResolver,
  WellKnownAgentCardResolver,
} from "./agent-card-resolver.js";

let dir: string;
let server: SdkServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "a2a-card-"));
  server = await startSdkServer();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await server.close();
});

describe("FileAgentCardResolver", () => {
  it("loads a card file and fills in the optional lists", async () => {
    const path = join(dir, "card.json");
    await writeFile(
      path,
      JSON.stringify({
        name: "RemoteAgent",
        supportedInterfaces: [
          { url: "http://localhost:8000", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        ],
      }),
    );
    const card = await new FileAgentCardResolver(path).getAgentCard();
    expect(card.name).toBe("RemoteAgent");
    expect(card.skills).toEqual([]);
    expect(card.capabilities?.streaming).toBe(true);
  });

  it("names the problem: a missing file, a folder, bad JSON, a card without interfaces", async () => {
    await expect(new FileAgentCardResolver(join(dir, "nope.json")).getAgentCard()).rejects.toThrow(
      /file not found/,
    );
    await expect(new FileAgentCardResolver(dir).getAgentCard()).rejects.toThrow(/not a file/);
    const bad = join(dir, "bad.json");
    await writeFile(bad, "{ nope");
    await expect(new FileAgentCardResolver(bad).getAgentCard()).rejects.toThrow(/is not JSON/);
    const old = join(dir, "old.json");
    await writeFile(old, JSON.stringify({ name: "NoWhere", description: "no url, no interfaces" }));
    const error = await new FileAgentCardResolver(old).getAgentCard().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe("supportedInterfaces");
  });
});

describe("WellKnownAgentCardResolver", () => {
  it("fetches the card from the well-known path, or from the card's own URL", async () => {
    expect(
      (await new WellKnownAgentCardResolver({ baseUrl: server.url }).getAgentCard()).name,
    ).toBe("SdkAgent");
    const direct = new WellKnownAgentCardResolver({
      baseUrl: `${server.url}/.well-known/agent-card.json`,
    });
    expect((await direct.getAgentCard()).name).toBe("SdkAgent");
  });

  it("rejects a bad URL at once and wraps an unreachable server in A2AConnectionError", async () => {
    expect(() => new WellKnownAgentCardResolver({ baseUrl: "localhost:8000" })).toThrow(/baseUrl/);
    expect(() => new WellKnownAgentCardResolver({ baseUrl: "ftp://x.test" })).toThrow(
      /http: or https:/,
    );
    const missing = new WellKnownAgentCardResolver({
      baseUrl: server.url,
      agentCardPath: "/missing.json",
    });
    await expect(missing.getAgentCard()).rejects.toBeInstanceOf(A2AConnectionError);
  });
});

describe("FixedAgentCardResolver", () => {
  it("validates the card given in code", async () => {
    expect((await new FixedAgentCardResolver(server.card).getAgentCard()).name).toBe("SdkAgent");
    expect(() => new FixedAgentCardResolver({ name: "" } as never)).toThrow(
      /name: required string/,
    );
  });
});
