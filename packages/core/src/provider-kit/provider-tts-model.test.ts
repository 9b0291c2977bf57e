import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import type { TTSRequest } from "../tts/tts-model-base.js";
import { createTTSResponse, type TTSResponse } from "../tts/tts-response.js";
import {
  type ProviderTTSCallOptions,
  ProviderTTSModelBase,
  type ProviderTTSModelOptions,
} from "./provider-tts-model.js";

/** A provider TTS model that answers with the request fields it would send. */
class EchoTTSModel extends ProviderTTSModelBase<{ speed?: number; pitch?: number }> {
  readonly sent: object[] = [];
  constructor(options: ProviderTTSModelOptions<{ speed?: number; pitch?: number }> = {}) {
    super(options, { provider: "echo", modelName: "echo-tts", voice: "calm" });
  }
  protected override async *doSynthesize(
    _text: string,
    request: TTSRequest<ProviderTTSCallOptions<{ speed?: number; pitch?: number }>>,
  ): AsyncGenerator<TTSResponse, void, undefined> {
    this.sent.push(this.requestKwargs(request));
    yield createTTSResponse({ content: null });
  }
}

const say = (text: string) => new Msg({ name: "assistant", role: "assistant", content: text });

describe("ProviderTTSModelBase", () => {
  it("reads the shared options with the provider's defaults", () => {
    const plain = new EchoTTSModel();
    expect(plain).toMatchObject({ provider: "echo", modelName: "echo-tts", voice: "calm" });
    expect(plain.generateKwargs).toEqual({});
    const set = new EchoTTSModel({ provider: "proxy", modelName: "m2", voice: "bright" });
    expect(set).toMatchObject({ provider: "proxy", modelName: "m2", voice: "bright" });
  });

  it("sends the model's generateKwargs with the call's over them, and copies the model's", async () => {
    const kwargs = { speed: 1.2, pitch: 1 };
    const model = new EchoTTSModel({ generateKwargs: kwargs });
    kwargs.speed = 9;
    await model.synthesize(say("hi"), { generateKwargs: { pitch: 2 } });
    await model.synthesize(say("hi"));
    expect(model.sent).toEqual([
      { speed: 1.2, pitch: 2 },
      { speed: 1.2, pitch: 1 },
    ]);
  });
});
