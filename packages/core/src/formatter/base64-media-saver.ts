/**
 * Saves base64 media found in a tool result somewhere the model can be pointed to, and returns
 * that location (a file path or a URL). AgentScope writes such media to a temporary file and puts
 * the path into the tool result's text; formatters take this function as an option
 * (`saveBase64Data`) so a runtime, or a test, can choose where the bytes go.
 */
export type Base64MediaSaver = (mediaType: string, base64Data: string) => string | Promise<string>;

/**
 * The browser-safe default {@link Base64MediaSaver}: writes nothing and returns the media as a
 * `data:` URL, which provider formatters can send on as-is when they promote tool-result media.
 * On Node, pass `saveMediaToTempFile` from `@agentscope-ts/core/node` to get AgentScope's
 * temporary-file behaviour (a short path in the text instead of the whole base64 payload).
 */
export const dataUrlMediaSaver: Base64MediaSaver = (mediaType, base64Data) =>
  `data:${mediaType};base64,${base64Data}`;
