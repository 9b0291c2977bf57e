import { describe, expect, it } from "vitest";
import type { RealtimeCancelInfo, RealtimeInput } from "../realtime/realtime-model-base.js";
import {
  ProviderRealtimeModelBase,
  type ProviderRealtimeModelOptions,
} from "./provider-realtime-model.js";

/** A provider realtime model that only records what it is asked. */
class QuietRealtimeModel extends ProviderRealtimeModelBase {
  readonly provider = "quiet";
  readonly supportInputModalities = ["text"] as const;
  readonly inputSampleRate = 16_000;
  readonly outputSampleRate = 24_000;
  constructor(options: ProviderRealtimeModelOptions = {}) {
    super(options, { modelName: "quiet-live", voice: "soft" });
  }
  protected async doConnect(): Promise<void> {}
  protected doSend(_block: RealtimeInput): void {}
  protected doCancel(_info: RealtimeCancelInfo): void {}
  protected doClose(): void {}
}

describe("ProviderRealtimeModelBase", () => {
  it("reads the shared options with the provider's defaults", () => {
    const plain = new QuietRealtimeModel();
    expect(plain).toMatchObject({
      modelName: "quiet-live",
      voice: "soft",
      enableInputAudioTranscription: true,
    });
    const set = new QuietRealtimeModel({
      modelName: "quiet-2",
      voice: "loud",
      enableInputAudioTranscription: false,
      idleTimeout: 500,
    });
    expect(set).toMatchObject({
      modelName: "quiet-2",
      voice: "loud",
      enableInputAudioTranscription: false,
      idleTimeout: 500,
    });
  });
});
