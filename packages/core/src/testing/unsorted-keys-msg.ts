import { Msg } from "../message/msg.js";

/**
 * A message whose blocks and metadata have keys out of alphabetical order, the longest first: a
 * store that reorders keys (PostgreSQL `jsonb` sorts them shortest first) changes its bytes.
 */
export function unsortedKeysMsg(): Msg {
  return new Msg(
    "assistant",
    [
      { type: "text", text: "Looking it up." },
      {
        type: "tool_use",
        id: "call_1",
        name: "search",
        input: { a_rather_long_query_key: "tea", z: 1, b: { yy: true, x: [3, 1] } },
      },
    ],
    "assistant",
    { metadata: { zeta_long_metadata_key: 1, alpha: 2 } },
  );
}
