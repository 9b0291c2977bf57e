import { afterEach, describe, expect, it } from "vitest";
import { SessionConflictError } from "../errors/session-conflict-error.js";
import { SessionError } from "../errors/state-error.js";
import { InMemoryMemory } from "../memory/in-memory-memory.js";
import { Msg } from "../message/msg.js";
import type { SessionBase } from "../session/session-base.js";
import { StateModule } from "../state/state-module.js";
import { unsortedKeysMsg } from "./unsorted-keys-msg.js";

/** How {@link describeSessionSuite} gets the sessions it tests. */
export interface SessionSuiteOptions {
  /** A session store in a fresh place (an empty folder, database, key prefix…). */
  create: () => SessionBase | Promise<SessionBase>;
  /** A second session object on the same store as `session` (another process's view of it). */
  openPeer: (session: SessionBase) => SessionBase | Promise<SessionBase>;
  /** Whether the store refuses saves over a newer save with `SessionConflictError`. */
  detectsConflicts: boolean;
  /** Releases what `create`/`openPeer` opened; called after each test. */
  dispose?: (session: SessionBase) => void | Promise<void>;
}

class Agent extends StateModule {
  memory = new InMemoryMemory();
  name: string;
  turns = 0;
  constructor(name = "Friday") {
    super();
    this.name = name;
    this.registerState("name");
    this.registerState("turns");
  }
}

class Settings extends StateModule {
  language = "en";
  constructor() {
    super();
    this.registerState("language");
  }
}

/**
 * The behavioural suite every session store passes: round trips per session and user, missing
 * sessions, lenient and all-or-nothing loading, and (where supported) the save version check.
 */
export function describeSessionSuite(name: string, options: SessionSuiteOptions): void {
  const opened: SessionBase[] = [];
  const fresh = async () => {
    const session = await options.create();
    opened.push(session);
    return session;
  };
  const peerOf = async (session: SessionBase) => {
    const peer = await options.openPeer(session);
    opened.push(peer);
    return peer;
  };
  afterEach(async () => {
    for (const session of opened.splice(0)) await options.dispose?.(session);
  });

  describe(`${name} (session suite)`, () => {
    it("saves and loads named modules, replacing what was saved before", async () => {
      const session = await fresh();
      const a = new Agent();
      await a.memory.add(new Msg("user", "remember me ✓", "user"), { marks: "important" });
      a.turns = 5;
      await session.save("chat", { agent: a, settings: new Settings() });
      a.turns = 6;
      await session.save("chat", { agent: a });

      const b = new Agent("Other");
      const settings = new Settings();
      settings.language = "fr";
      expect(await (await peerOf(session)).load("chat", { agent: b, settings })).toBe(true);
      expect(b.stateDict()).toEqual(a.stateDict());
      expect(b.turns).toBe(6);
      // the second save did not mention settings, so they are left as they are
      expect(settings.language).toBe("fr");
    });

    it("loads back the bytes stateDict() gave, keys in their order (no reordering store)", async () => {
      const session = await fresh();
      const a = new Agent();
      await a.memory.add(unsortedKeysMsg());
      await session.save("bytes", { agent: a });
      const b = new Agent();
      expect(await (await peerOf(session)).load("bytes", { agent: b })).toBe(true);
      expect(JSON.stringify(b.stateDict())).toBe(JSON.stringify(a.stateDict()));
    });

    it("handles a missing session as asked", async () => {
      const session = await fresh();
      const c = new Agent();
      expect(await session.load("absent", { agent: c })).toBe(false);
      expect(c.turns).toBe(0);
      await expect(session.load("absent", { agent: c }, { allowNotExist: false })).rejects.toThrow(
        SessionError,
      );
    });

    it("keeps the sessions of different users apart", async () => {
      const session = await fresh();
      const alice = new Agent("Alice");
      const bob = new Agent("Bob");
      await session.save("s1", { agent: alice }, { userId: "alice" });
      await session.save("s1", { agent: bob }, { userId: "bob" });
      const loaded = new Agent();
      await session.load("s1", { agent: loaded }, { userId: "alice" });
      expect(loaded.name).toBe("Alice");
      await session.load("s1", { agent: loaded }, { userId: "bob" });
      expect(loaded.name).toBe("Bob");
      expect(await session.load("s1", { agent: loaded }, { userId: "carol" })).toBe(false);
    });

    it("does not half-load: when one module fails, modules loaded before it are restored", async () => {
      const session = await fresh();
      const settings = new Settings();
      settings.language = "fr";
      const saved = new Settings();
      await session.save("half", { settings, agent: saved });
      const before = new Settings();
      const agent = new Agent();
      await expect(session.load("half", { settings: before, agent })).rejects.toThrow(
        /Cannot load module 'agent'.*Nothing was loaded/s,
      );
      expect(before.language).toBe("en");
      expect(agent.name).toBe("Friday");
    });

    // Stores without a version check define no conflict tests at all (nothing is skipped).
    if (!options.detectsConflicts) return;

    it("refuses a save over a newer save than the one loaded (SessionConflictError)", async () => {
      const first = await fresh();
      const second = await peerOf(first);
      const mine = new Agent();
      const theirs = new Agent();
      await first.save("shared", { agent: mine });

      await first.load("shared", { agent: mine });
      await second.load("shared", { agent: theirs });
      theirs.turns = 1;
      await second.save("shared", { agent: theirs });
      // saving again from the same object is fine: it wrote the newest save itself
      theirs.turns = 2;
      await second.save("shared", { agent: theirs });

      mine.turns = 99;
      const error = await first.save("shared", { agent: mine }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SessionConflictError);
      expect((error as Error).message).toMatch(/shared/);
      // nothing was overwritten
      const check = new Agent();
      await (await peerOf(first)).load("shared", { agent: check });
      expect(check.turns).toBe(2);

      // after loading the newest save, the save goes through
      await first.load("shared", { agent: mine });
      mine.turns = 3;
      await first.save("shared", { agent: mine });
      await second.load("shared", { agent: check });
      expect(check.turns).toBe(3);
    });

    it("refuses a save when the session was created by someone else after it was found missing", async () => {
      const first = await fresh();
      const second = await peerOf(first);
      const a = new Agent();
      expect(await first.load("new", { agent: a }, { userId: "u" })).toBe(false);
      await second.save("new", { agent: new Agent("Other") }, { userId: "u" });
      await expect(first.save("new", { agent: a }, { userId: "u" })).rejects.toThrow(
        SessionConflictError,
      );
      // the same session id of another user is a different session
      await first.save("new", { agent: a }, { userId: "v" });
    });

    it("lets exactly one of two racing saves over the same load win", async () => {
      const base = await fresh();
      await base.save("race", { agent: new Agent() });
      const racers = [await peerOf(base), await peerOf(base), await peerOf(base)];
      for (const r of racers) await r.load("race", { agent: new Agent() });
      const results = await Promise.allSettled(
        racers.map((r, i) => {
          const agent = new Agent();
          agent.turns = i + 1;
          return r.save("race", { agent });
        }),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      expect(won).toHaveLength(1);
      for (const r of results) {
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(SessionConflictError);
      }
      const check = new Agent();
      await base.load("race", { agent: check });
      expect(check.turns).toBe(results.findIndex((r) => r.status === "fulfilled") + 1);
    });
  });
}
