import { base64ToBytes, bytesToBase64, pcm16Peak } from "@agentscope-ts/core";
import { speechPcm, splitPcm } from "@agentscope-ts/test-helpers";
import { type ClientFrame, createTestServer, type TestServer } from "@agentscope-ts/test-server";

/** What the offline voice model says after its tool call. */
export const OFFLINE_ANSWER = "It is sunny in Paris today.";

/** A client frame carrying microphone audio that is not silence. */
function isSpeech(frame: ClientFrame): boolean {
  if (frame.type !== "text") return false;
  const event = frame.json as { type?: string; audio?: string } | undefined;
  if (event?.type !== "input_audio_buffer.append" || typeof event.audio !== "string") return false;
  return pcm16Peak(base64ToBytes(event.audio)) > 1000;
}

/**
 * An OpenAI Realtime session replayed on 127.0.0.1 (`/v1/realtime`), so the voice page works
 * with no key: once it hears speech (a non-silent `input_audio_buffer.append`) it transcribes,
 * calls `get_weather` for Paris, waits for the result and `response.create`, then answers with
 * {@link OFFLINE_ANSWER} spoken by espeak-ng at 24 kHz (a tone where espeak-ng is missing).
 */
export async function startOfflineRealtime(): Promise<TestServer> {
  const speech = speechPcm(OFFLINE_ANSWER, "@agentscope-ts/examples");
  const audio = splitPcm(speech.pcm, Math.max(1, Math.ceil(speech.pcm.length / 9600)));
  const send = (data: unknown) => ({ type: "send" as const, data });
  const response = (id: string, status: string) => ({
    object: "realtime.response",
    id,
    status,
    output: [],
    usage:
      status === "in_progress" ? null : { total_tokens: 40, input_tokens: 30, output_tokens: 10 },
  });
  return createTestServer(
    {},
    {
      websockets: {
        "/v1/realtime": {
          script: [
            send({
              type: "session.created",
              event_id: "ev_1",
              session: { type: "realtime", id: "sess_offline" },
            }),
            { type: "expect", match: { type: "session.update" } },
            send({
              type: "session.updated",
              event_id: "ev_2",
              session: { type: "realtime", id: "sess_offline" },
            }),
            { type: "expect", match: isSpeech, timeoutMs: 60_000 },
            send({
              type: "input_audio_buffer.speech_started",
              event_id: "ev_3",
              audio_start_ms: 0,
              item_id: "item_user",
            }),
            send({
              type: "input_audio_buffer.speech_stopped",
              event_id: "ev_4",
              audio_end_ms: 1500,
              item_id: "item_user",
            }),
            send({
              type: "response.created",
              event_id: "ev_5",
              response: response("resp_tool", "in_progress"),
            }),
            send({
              type: "conversation.item.input_audio_transcription.completed",
              event_id: "ev_6",
              item_id: "item_user",
              content_index: 0,
              transcript: "What is the weather in Paris?",
            }),
            send({
              type: "response.output_item.added",
              event_id: "ev_7",
              response_id: "resp_tool",
              output_index: 0,
              item: {
                id: "item_call",
                type: "function_call",
                name: "get_weather",
                call_id: "call_weather",
                arguments: "",
              },
            }),
            send({
              type: "response.function_call_arguments.done",
              event_id: "ev_8",
              response_id: "resp_tool",
              item_id: "item_call",
              output_index: 0,
              call_id: "call_weather",
              name: "get_weather",
              arguments: '{"city":"Paris"}',
            }),
            send({
              type: "response.done",
              event_id: "ev_9",
              response: response("resp_tool", "completed"),
            }),
            {
              type: "expect",
              match: { type: "conversation.item.create", item: { type: "function_call_output" } },
            },
            { type: "expect", match: { type: "response.create" } },
            send({
              type: "response.created",
              event_id: "ev_10",
              response: response("resp_say", "in_progress"),
            }),
            send({
              type: "response.output_audio_transcript.delta",
              event_id: "ev_11",
              response_id: "resp_say",
              item_id: "item_say",
              output_index: 0,
              content_index: 0,
              delta: OFFLINE_ANSWER,
            }),
            ...audio.map((piece, i) =>
              send({
                type: "response.output_audio.delta",
                event_id: `ev_audio_${i}`,
                response_id: "resp_say",
                item_id: "item_say",
                output_index: 0,
                content_index: 0,
                delta: bytesToBase64(piece),
              }),
            ),
            send({
              type: "response.output_audio.done",
              event_id: "ev_12",
              response_id: "resp_say",
              item_id: "item_say",
              output_index: 0,
              content_index: 0,
            }),
            send({
              type: "response.done",
              event_id: "ev_13",
              response: response("resp_say", "completed"),
            }),
            { type: "stall" },
          ],
        },
      },
    },
  );
}
