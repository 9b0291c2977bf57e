import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { parseClientEvent } from "./client-events.js";

describe("parseClientEvent", () => {
  it("reads AgentScope's client events", () => {
    expect(
      parseClientEvent({
        type: "client_audio_append",
        session_id: "s1",
        audio: "AAA=",
        format: { type: "audio/pcm", rate: 16000 },
      }),
    ).toEqual({
      type: "client_audio_append",
      session_id: "s1",
      audio: "AAA=",
      format: { type: "audio/pcm", rate: 16000 },
    });
    expect(
      parseClientEvent({
        type: "client_tool_result",
        id: "c1",
        name: "t",
        output: [{ type: "text", text: "ok" }],
      }),
    ).toMatchObject({ output: [{ type: "text", text: "ok" }] });
  });

  it("names the bad field", () => {
    expect(() =>
      parseClientEvent({
        type: "client_audio_append",
        audio: 3,
        format: { type: "audio/pcm", rate: 0 },
      }),
    ).toThrow(/audio: expected string[\s\S]*format\.rate/);
    expect(() => parseClientEvent({ type: "client_dance" })).toThrow(ValidationError);
    expect(() => parseClientEvent("nope")).toThrow(/expected object/);
  });
});
