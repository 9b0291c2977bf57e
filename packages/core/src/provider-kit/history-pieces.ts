import type { ContentBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";

/** A piece of an agent run's history: joined `name: text` lines, or a media block in place. */
export type HistoryPiece<TMedia> = { text: string } | { media: TMedia };

/** Options of {@link historyPieces}. */
export interface HistoryPiecesOptions {
  /** What follows `<history>` (and precedes `</history>`): `"\n"` (default); Gemini's formatter uses `""` after the tag. */
  openSeparator?: string;
}

/**
 * AgentScope's multi-agent history of a run of agent messages: one `name: text` line per text
 * block, lines joined until a media block (what `media` returns for it; `undefined` skips the
 * block) comes in its place, the whole wrapped as `<prompt><history>\n…\n</history>` (a text piece
 * is added where the first or last piece is media). Empty when the run has neither.
 */
export async function historyPieces<TMedia>(
  msgs: readonly Msg[],
  prompt: string,
  media: (block: ContentBlock, msg: Msg) => Promise<TMedia | undefined> = async () => undefined,
  options: HistoryPiecesOptions = {},
): Promise<HistoryPiece<TMedia>[]> {
  const pieces: HistoryPiece<TMedia>[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) pieces.push({ text: lines.join("\n") });
    lines = [];
  };
  for (const msg of msgs) {
    for (const block of msg.getContentBlocks()) {
      if (block.type === "text") {
        lines.push(`${msg.name}: ${block.text}`);
        continue;
      }
      const formatted = await media(block, msg);
      if (formatted === undefined) continue;
      flush();
      pieces.push({ media: formatted });
    }
  }
  flush();
  if (pieces.length === 0) return pieces;
  const open = `${prompt}<history>${options.openSeparator ?? "\n"}`;
  const first = pieces[0];
  if (first && "text" in first) first.text = `${open}${first.text}`;
  else pieces.unshift({ text: open });
  const last = pieces[pieces.length - 1];
  if (last && "text" in last) last.text += "\n</history>";
  else pieces.push({ text: "</history>" });
  return pieces;
}
