import { ModelError } from "@agentscope-ts/core";
import { GoogleGenAI } from "@google/genai";
import { describe, expect, it } from "vitest";
import { type ClosableSocket, tapLiveSockets } from "./live-socket-tap.js";

describe("tapLiveSockets", () => {
  it("hands on the socket the SDK's own factory opens, and returns it to the SDK", () => {
    const opened: string[] = [];
    const socket = { close: () => opened.push("closed") };
    const live = {
      webSocketFactory: {
        create: (url: string, _headers: Record<string, string>, _callbacks: unknown) => {
          opened.push(url);
          return socket;
        },
      },
    };
    const seen: ClosableSocket[] = [];
    tapLiveSockets(live, (s) => seen.push(s));
    expect(live.webSocketFactory.create("wss://live", {}, {})).toBe(socket);
    expect(seen).toEqual([socket]);
    seen[0]?.close();
    expect(opened).toEqual(["wss://live", "closed"]);
  });

  it("fits the installed @google/genai: its Live client has the factory the tap reaches", () => {
    const client = new GoogleGenAI({ apiKey: "k" });
    expect(() => tapLiveSockets(client.live, () => {})).not.toThrow();
  });

  it("is a ModelError naming the SDK when its Live client has changed shape", () => {
    for (const live of [{}, { webSocketFactory: {} }, { webSocketFactory: null }]) {
      const tap = () => tapLiveSockets(live, () => {});
      expect(tap).toThrow(ModelError);
      expect(tap).toThrow(/@google\/genai's Live client has no `webSocketFactory.create`/);
    }
  });
});
