import type {
  EasyInputMessage,
  ResponseInputAudio,
  ResponseInputContent,
  ResponseInputImage,
  ResponseInputItem,
  ResponseOutputText,
} from "openai/resources/responses/responses";

// The Responses API `input` items the OpenAIResponse* formatters build: the SDK's own
// `ResponseInputItem`, plus the message form AgentScope v1.0.21 sends where the SDK types are
// narrower. The model hands the items to the SDK through one adapter (`toResponseCreateParams`).

/**
 * An `input_image` part as v1.0.21 sends it: `{type, image_url}` without `detail` (the SDK type
 * requires `detail`; the API defaults it to `"auto"`).
 */
export type OpenAIResponseImagePart = Omit<ResponseInputImage, "detail"> & {
  detail?: ResponseInputImage["detail"];
};

/**
 * An assistant's `output_text` part in an input message as v1.0.21 sends it: `{type, text}` (the
 * SDK's `ResponseOutputText` also requires `annotations`, and only on an output message item).
 */
export type OpenAIResponseOutputTextPart = Pick<ResponseOutputText, "type" | "text">;

/** A content part of an input message: the SDK's, plus the forms v1.0.21 sends. */
export type OpenAIResponseContentPart =
  | ResponseInputContent
  | OpenAIResponseImagePart
  | OpenAIResponseOutputTextPart
  | ResponseInputAudio;

/**
 * A message item (`{role, content}`): the SDK's `EasyInputMessage` whose content list also takes
 * what v1.0.21 sends: `input_audio` parts (the SDK has the part type but not in a message's list),
 * `input_image` without `detail`, and an assistant's `output_text` parts.
 */
export type OpenAIResponseMessage = Omit<EasyInputMessage, "content"> & {
  content: string | OpenAIResponseContentPart[];
};

/**
 * One `input` item of a Responses API request as the OpenAIResponse* formatters build it and
 * `OpenAIResponseModel` reads it: any SDK `ResponseInputItem` (messages, `function_call`,
 * `function_call_output`, `reasoning`…) or an {@link OpenAIResponseMessage}.
 */
export type OpenAIResponseInputItem = ResponseInputItem | OpenAIResponseMessage;
