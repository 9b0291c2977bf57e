import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { base64ToBytes, pcm16Peak } from "@agentscope-ts/core";
import { chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { OFFLINE_ANSWER } from "./offline-openai-realtime.ts";
import { startVoiceServer } from "./voice-server.ts";

const artifacts = new URL("../../test-artifacts/", import.meta.url);
const work = mkdtempSync(join(tmpdir(), "voice-page-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The question as a 48 kHz mono WAV for Chromium's fake microphone: espeak-ng speaks, sox resamples. */
function questionWav(): string {
  const spoken = join(work, "spoken.wav");
  const wav = join(work, "question.wav");
  const say = spawnSync("espeak-ng", ["-w", spoken, "What is the weather in Paris?"], {
    encoding: "utf8",
    timeout: 30_000,
  });
  if (say.status !== 0)
    throw new Error(`espeak-ng failed (apt-get install -y espeak-ng): ${say.stderr || say.error}`);
  const sox = spawnSync("sox", [spoken, "-r", "48000", "-c", "1", wav], {
    encoding: "utf8",
    timeout: 30_000,
  });
  if (sox.status !== 0)
    throw new Error(`sox failed (apt-get install -y sox): ${sox.stderr || sox.error}`);
  return wav;
}

describe("the voice page in headless Chromium", () => {
  it("streams the microphone, shows the transcript and the tool call, and plays the answer", async () => {
    const wav = questionWav();
    const voice = await startVoiceServer({ offline: true, token: "page-token" });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-audio-capture=${wav}`,
        "--autoplay-policy=no-user-gesture-required",
      ],
    });
    try {
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await page.goto(voice.pageUrl.replace("/#", "/?autostart#"));

      await page.getByText(`Friday: ${OFFLINE_ANSWER}`).waitFor({ timeout: 60_000 });
      await page.getByText("You: What is the weather in Paris?").waitFor();
      await page.getByText('get_weather({"city":"Paris"}) → Sunny, 24°C in Paris').waitFor();
      await page.waitForFunction(
        () =>
          (window as unknown as { voiceStats: { playedChunks: number } }).voiceStats.playedChunks >
          0,
        undefined,
        { timeout: 60_000 },
      );
      const stats = await page.evaluate(
        () => (window as unknown as { voiceStats: Record<string, number> }).voiceStats,
      );
      expect(stats.sentChunks).toBeGreaterThan(0);
      expect(stats.sentPeak).toBeGreaterThan(1000);
      expect(stats.receivedAudioChunks).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);

      // The model side heard the microphone (speech, not silence) and got the tool's result.
      const connection = voice.replay?.connectionsTo("/v1/realtime")[0];
      const appends = (connection?.messages ?? []).filter(
        (m): m is { type: string; audio: string } =>
          (m as { type?: string }).type === "input_audio_buffer.append",
      );
      expect(appends.some((m) => pcm16Peak(base64ToBytes(m.audio)) > 1000)).toBe(true);
      expect(connection?.messages).toContainEqual({
        type: "conversation.item.create",
        item: {
          type: "function_call_output",
          call_id: "call_weather",
          output: "Sunny, 24°C in Paris",
        },
      });

      mkdirSync(artifacts, { recursive: true });
      const shot = new URL("voice-page.png", artifacts);
      await page.screenshot({ path: shot.pathname, fullPage: true });
      expect(statSync(shot).size).toBeGreaterThan(1000);
    } finally {
      await browser.close();
      await voice.close();
    }
  });
});
