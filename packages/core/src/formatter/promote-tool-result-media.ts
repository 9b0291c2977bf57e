import type { ContentBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import type { ToolResultMedia } from "./tool-result-to-string.js";

/** Which media of a tool result to promote into a user message, and how to name them. */
export interface PromoteToolResultMediaOptions {
  /** Promote images (`promoteToolResultImages`). */
  images?: boolean;
  /** Promote audio (`promoteToolResultAudios`, DashScope). */
  audios?: boolean;
  /** Promote videos (`promoteToolResultVideos`, DashScope). */
  videos?: boolean;
  /**
   * The word in the header line, `The following are the <noun> contents from the tool result of
   * '<tool>':`. AgentScope writes `image` (the default) in most formatters and `media` in DashScope's.
   */
  noun?: string;
}

/**
 * Builds the user message AgentScope's formatters insert right after a tool result when
 * `promote_tool_result_images` (or DashScope's audio/video variants) is on: most APIs take media
 * in user messages but not in tool results. The message is wrapped in `<system-info>` lines and
 * holds, per promoted media, a line `\n- The <type> from '<url>': ` followed by the media as a URL
 * block. Returns `null` when nothing is promoted.
 */
export function promoteToolResultMedia(
  toolName: string,
  media: readonly ToolResultMedia[],
  options: PromoteToolResultMediaOptions,
): Msg | null {
  const promoted: ContentBlock[] = [];
  for (const { url, block } of media) {
    const enabled =
      (block.type === "image" && options.images) ||
      (block.type === "audio" && options.audios) ||
      (block.type === "video" && options.videos);
    if (!enabled) continue;
    promoted.push(
      { type: "text", text: `\n- The ${block.type} from '${url}': ` },
      { type: block.type, source: { type: "url", url } },
    );
  }
  if (promoted.length === 0) return null;
  const noun = options.noun ?? "image";
  return new Msg({
    name: "user",
    role: "user",
    content: [
      {
        type: "text",
        text: `<system-info>The following are the ${noun} contents from the tool result of '${toolName}':`,
      },
      ...promoted,
      { type: "text", text: "</system-info>" },
    ],
  });
}
