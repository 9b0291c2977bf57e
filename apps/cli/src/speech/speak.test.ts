import { chmod, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseWav, pcm16FrameCount, pcm16Peak } from "@agentscope-ts/core";
import { speechPcm } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js), like the other command tests.
import { startCli, tempDir } from "../../test/cli-process.js";
import { textReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";
const SPEECH = "/v1/audio/speech";
const REPLY = "Hello there. This is a spoken reply.";

/** A speech endpoint answering each request with real PCM of its `input` (OpenAI's `pcm` format). */
function speechRoute() {
  return {
    response: ({ call }: { call: { body: unknown } }) => {
      const input = String((call.body as { input?: unknown }).input ?? "");
      return {
        type: "binary" as const,
        body: speechPcm(input, "@agentscope-ts/cli").pcm,
        contentType: "audio/pcm",
      };
    },
  };
}

describe("agentscope chat --speak-to / --speak (subprocess, replay server)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("writes each reply's speech to DIR/reply-<n>.wav: a WAV that decodes to the spoken sentences", async () => {
    await using server = await createTestServer({
      [CHAT]: { response: [textReply(REPLY), textReply("Second.")] },
      [SPEECH]: speechRoute(),
    });
    const dir = join(home.path, "voice");
    const cli = startCli(
      [
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${server.url}/v1`,
        "--no-tools",
        "--speak-to",
        dir,
      ],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    cli.send("Say something.");
    cli.send("Again.");
    cli.end();
    expect(await cli.exited).toBe(0);
    expect(cli.stdout()).toContain(`Friday: ${REPLY}`);
    expect(cli.stderr()).toMatch(/speech openai:gpt-4o-mini-tts \(the chat provider's\)/);

    // One synthesis per sentence, in order, as PCM.
    const requests = server.callsTo(SPEECH).map((c) => c.body as Record<string, unknown>);
    expect(requests.map((r) => r.input)).toEqual([
      "Hello there. ",
      "This is a spoken reply.",
      "Second.",
    ]);
    expect(requests[0]).toMatchObject({ model: "gpt-4o-mini-tts", response_format: "pcm" });

    expect((await readdir(dir)).sort()).toEqual(["reply-1.wav", "reply-2.wav"]);
    const wav = parseWav(new Uint8Array(await readFile(join(dir, "reply-1.wav"))));
    expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1, bitsPerSample: 16, formatTag: 1 });
    const expected =
      speechPcm("Hello there. ", "@agentscope-ts/cli").pcm.length +
      speechPcm("This is a spoken reply.", "@agentscope-ts/cli").pcm.length;
    expect(pcm16FrameCount(wav.data.length)).toBe(pcm16FrameCount(expected));
    expect(pcm16Peak(wav.data)).toBeGreaterThan(1000);
    expect(cli.stderr()).toContain(join(dir, "reply-2.wav"));
  });

  it("--speak streams the reply's PCM to the first player on PATH", async () => {
    await using server = await createTestServer({
      [CHAT]: { response: [textReply(REPLY)] },
      [SPEECH]: speechRoute(),
    });
    // A stand-in aplay (a real process on PATH): records its arguments and the audio it is fed.
    const bin = join(home.path, "bin");
    await mkdir(bin, { recursive: true });
    const record = join(home.path, "played");
    await writeFile(
      join(bin, "aplay"),
      `#!/bin/sh\necho "$@" > "${record}.args"\ncat > "${record}.pcm"\n`,
    );
    await chmod(join(bin, "aplay"), 0o755);
    const cli = startCli(
      ["--model", "openai:gpt-test", "--base-url", `${server.url}/v1`, "--no-tools", "--speak"],
      {
        home: home.path,
        env: { OPENAI_API_KEY: "test", PATH: `${bin}:${process.env.PATH ?? ""}` },
      },
    );
    cli.send("Say something.");
    cli.end();
    expect(await cli.exited).toBe(0);
    expect((await readFile(`${record}.args`, "utf8")).trim()).toBe(
      "-q -t raw -f S16_LE -r 24000 -c 1 -",
    );
    const played = new Uint8Array(await readFile(`${record}.pcm`));
    const expected = Buffer.concat([
      speechPcm("Hello there. ", "@agentscope-ts/cli").pcm,
      speechPcm("This is a spoken reply.", "@agentscope-ts/cli").pcm,
    ]);
    expect(Buffer.from(played).equals(expected)).toBe(true);
  });

  it("says which keys to set when no TTS provider's key is set", async () => {
    const cli = startCli(["--model", "ollama:qwen2.5", "--speak"], { home: home.path, env: {} });
    cli.end();
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain(
      "--speak needs a text-to-speech model, and no TTS provider's key is set: set one of OPENAI_API_KEY, GEMINI_API_KEY, DASHSCOPE_API_KEY",
    );
  });
});
