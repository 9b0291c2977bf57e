export {
  audioBlockBytes,
  audioBlockFromBytes,
  audioBlockPcm,
  audioBlocksToWav,
  concatAudioBlocks,
} from "./audio-block.js";
export {
  type AudioMediaType,
  DEFAULT_PCM_SAMPLE_RATE,
  parseAudioMediaType,
  pcmMediaType,
} from "./audio-media-type.js";
export {
  concatBytes,
  Pcm16Aligner,
  pcm16Bytes,
  pcm16DurationMs,
  pcm16FrameCount,
  pcm16Peak,
  pcm16Samples,
} from "./pcm.js";
export {
  MAX_BUFFERED_TTS_CHUNKS,
  StreamingInputTTSModelBase,
} from "./streaming-input-tts-model-base.js";
export { TTSAudioAccumulator } from "./tts-audio-accumulator.js";
export { TTSAudioChunks, type TTSAudioChunksOptions } from "./tts-audio-chunks.js";
export {
  spokenText,
  type TTSCallOptions,
  TTSModelBase,
  type TTSModelBaseOptions,
  type TTSRequest,
} from "./tts-model-base.js";
export {
  createTTSResponse,
  type TTSResponse,
  type TTSResponseDict,
  type TTSUsage,
  ttsAudioDelta,
  ttsResponseToDict,
  ttsUsageField,
} from "./tts-response.js";
export {
  encodeWav,
  isWav,
  parseWav,
  WAV_HEADER_BYTES,
  type WavData,
  type WavFormat,
} from "./wav.js";
