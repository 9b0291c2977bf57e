import { base64ToBytes, ValidationError } from "@agentscope-ts/core";
import { readImageInfo } from "../utils/image-info.js";

/**
 * AgentScope's `_calculate_tokens_for_high_quality_image`: fit in 2048×2048, scale the short side
 * to 768, then `tiles × tileTokens + baseTokens` for 512-pixel tiles.
 */
export function highQualityImageTokens(
  baseTokens: number,
  tileTokens: number,
  width: number,
  height: number,
): number {
  let w = width;
  let h = height;
  if (w > 2048 || h > 2048) {
    const ratio = Math.min(2048 / w, 2048 / h);
    w = Math.trunc(w * ratio);
    h = Math.trunc(h * ratio);
  }
  const shortest = Math.min(w, h);
  if (shortest !== 768) {
    const ratio = 768 / shortest;
    w = Math.trunc(w * ratio);
    h = Math.trunc(h * ratio);
  }
  const tiles = Math.floor((w + 511) / 512) * Math.floor((h + 511) / 512);
  return tiles * tileTokens + baseTokens;
}

/** AgentScope's `_get_base_and_tile_tokens` of a vision model. */
export function baseAndTileTokens(modelName: string): [number, number] {
  if (["gpt-4o", "gpt-4.1", "gpt-4.5"].some((p) => modelName.startsWith(p))) return [85, 170];
  if (["o1", "o1-pro", "o3"].some((p) => modelName.startsWith(p))) return [75, 150];
  if (modelName.startsWith("4o-mini")) return [2833, 5667];
  throw new ValidationError("token counter model", [
    { path: "modelName", message: `Unsupported OpenAI model ${modelName} for token counting.` },
  ]);
}

/**
 * AgentScope's `_get_size_of_image_url`: the pixel size of an image given as a `data:image/…`
 * URL (decoded) or a web URL (downloaded, three tries).
 */
export async function imageSizeOfUrl(
  url: string,
  fetchImpl: typeof globalThis.fetch,
): Promise<{ width: number; height: number }> {
  let bytes: Uint8Array;
  if (url.startsWith("data:image/")) {
    bytes = base64ToBytes(url.split("base64,")[1] ?? "");
  } else {
    let response: Response | undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      response = await fetchImpl(url);
      if (response.ok) break;
    }
    if (!response?.ok) {
      throw new Error(
        `Downloading the image ${url} to count its tokens failed: HTTP ${response?.status}.`,
      );
    }
    bytes = new Uint8Array(await response.arrayBuffer());
  }
  const info = readImageInfo(bytes);
  if (!info) {
    throw new ValidationError("image_url", [
      {
        path: "url",
        message: `cannot read the size of the image at ${url.slice(0, 80)} (PNG, JPEG, GIF, WebP and BMP are supported)`,
      },
    ]);
  }
  return { width: info.width, height: info.height };
}
