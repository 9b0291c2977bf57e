import { NOT_JSON, tryCopyJson } from "../utils/json-copy.js";
import { isPlainObject } from "../utils/json-value.js";
import { shortUuid } from "../utils/short-uuid.js";
import type { ContentBlock } from "./content-block.js";
import { Msg, type MsgMetadata, type MsgRole } from "./msg.js";
import { isWellFormedContent } from "./stored-msg-check.js";

const nullishStr = (v: unknown) => v === undefined || v === null || typeof v === "string";

/**
 * `Msg.fromStoredDict(copyJsonValue(data))` in one walk: the message of a well-formed dict, built
 * from a copy of its content and metadata (strings shared, no object of `data` kept), without first
 * copying the whole dict. `undefined` when that is not certain (anything not well formed or not plain
 * JSON, a getter that throws, an unknown key holding an object…): the caller then takes the long
 * way, which reports the error. Reads each own key of `data` once.
 */
export function msgFromJsonCopy(data: unknown): Msg | undefined {
  try {
    if (!isPlainObject(data)) return undefined;
    let id: unknown;
    let name: unknown;
    let role: unknown;
    let content: unknown;
    let metadata: unknown;
    let timestamp: unknown;
    let invocationId: unknown;
    for (const key in data) {
      if (!Object.hasOwn(data, key)) continue;
      const value = data[key];
      switch (key) {
        case "id":
          id = value;
          break;
        case "name":
          name = value;
          break;
        case "role":
          role = value;
          break;
        case "content":
          content = value;
          break;
        case "metadata":
          metadata = value;
          break;
        case "timestamp":
          timestamp = value;
          break;
        case "invocation_id":
          invocationId = value;
          break;
        default:
          // Not kept by the message, but the copy would have refused a value that is not JSON.
          if (tryCopyJson(value) === NOT_JSON) return undefined;
      }
    }
    if ((id !== undefined && typeof id !== "string") || typeof name !== "string") return undefined;
    if (role !== "user" && role !== "assistant" && role !== "system") return undefined;
    if (!nullishStr(timestamp) || !nullishStr(invocationId)) return undefined;
    let ownMetadata: MsgMetadata | null = null;
    if (metadata !== undefined && metadata !== null) {
      const copy = tryCopyJson(metadata);
      if (!isPlainObject(copy)) return undefined;
      ownMetadata = copy;
    }
    const ownContent = typeof content === "string" ? content : tryCopyJson(content);
    if (!isWellFormedContent(ownContent)) return undefined;
    return new Msg({
      name,
      content: ownContent as string | ContentBlock[],
      role: role as MsgRole,
      metadata: ownMetadata,
      timestamp: (timestamp as string | null | undefined) ?? null,
      invocationId: (invocationId as string | null | undefined) ?? null,
      id: (id as string | undefined) ?? shortUuid(),
    });
  } catch {
    return undefined;
  }
}
