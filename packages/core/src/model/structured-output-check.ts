import type { z } from "zod";
import { StructuredOutputError } from "../errors/structured-output-error.js";
import { toValidationIssues } from "../errors/validate.js";
import type { ChatResponse } from "./chat-response.js";

/** What a chat model is asked to do to give structured output, for error messages. */
const EXPECTED = "as JSON or a call of the structured-output tool";

/** The text blocks of a response, joined: what a structured-output error shows of the answer. */
export function responseText(response: Pick<ChatResponse, "content">): string {
  return response.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n");
}

/**
 * The structured output of a finished `call()`: `response.metadata` parsed with `schema`. Throws
 * a {@link StructuredOutputError} when the model gave none (`missing`) or it fails the schema
 * (`invalid`, naming the fields), with the response's text attached. `source` names the model.
 */
export function checkStructuredOutput<S extends z.ZodType>(
  schema: S,
  response: ChatResponse,
  source: string,
): z.output<S> {
  const lastText = responseText(response);
  if (response.metadata === undefined || response.metadata === null) {
    throw new StructuredOutputError({ reason: "missing", source, expected: EXPECTED, lastText });
  }
  const result = schema.safeParse(response.metadata);
  if (result.success) return result.data;
  throw new StructuredOutputError({
    reason: "invalid",
    source,
    expected: EXPECTED,
    issues: toValidationIssues(result.error, response.metadata),
    lastText,
  });
}
