import { ValidationError } from "../errors/validation-error.js";

/** What {@link checkRequestMessages} asks of each message a chat model is given. */
export interface RequestMessageShape {
  /** The keys every message must have (`["role", "content"]`), or a test of one message object. */
  has: readonly string[] | ((message: object) => boolean);
  /** What a bad message lacks, said in the error; default from `has`: "each message needs a 'role' key". */
  needs?: string;
  /** Which formatter's output the model takes, for the hint: `"an OpenAI formatter"`. */
  formatter: string;
}

/** The sentence naming the keys a message needs: "each message needs a 'role' and a 'content' key". */
function needsKeys(keys: readonly string[]): string {
  return `each message needs ${keys.map((key) => `a '${key}'`).join(" and ")} key`;
}

/**
 * Checks the formatted messages a chat model is given, before anything is sent: each must be an
 * object of the shape its API needs. The types say so already, but messages often come from JSON
 * or untyped code; a bad one is a ValidationError on `messages` naming its index and the formatter
 * whose output to pass.
 */
export function checkRequestMessages(
  messages: readonly unknown[],
  shape: RequestMessageShape,
): void {
  const { has } = shape;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    // No closure per message: every model call checks its whole history (issue 35).
    if (message !== null && typeof message === "object" && fitsShape(message, has)) continue;
    throw new ValidationError(
      "messages",
      [
        {
          path: `[${i}]`,
          message: shape.needs ?? needsKeys(typeof has === "function" ? [] : has),
        },
      ],
      { hint: `Pass the output of ${shape.formatter}: \`await formatter.format(msgs)\`.` },
    );
  }
}

function fitsShape(message: object, has: RequestMessageShape["has"]): boolean {
  if (typeof has === "function") return has(message);
  for (let k = 0; k < has.length; k++) if (!((has[k] as string) in message)) return false;
  return true;
}
