// Python's `mimetypes.guess_type` table for the media DashScope takes, written out by hand: the
// lookup is a dozen extensions, not worth a dependency that carries the whole IANA list.
const MEDIA_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  heic: "image/heic",
  wav: "audio/x-wav",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
  ogg: "audio/ogg",
  amr: "audio/amr",
  mp4: "video/mp4",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  mkv: "video/x-matroska",
  webm: "video/webm",
};

/**
 * The media type of a file path by its extension, as Python's `mimetypes.guess_type` gives it for
 * the image, audio and video files DashScope accepts; `undefined` for other extensions.
 */
export function guessMediaType(path: string): string | undefined {
  const name = path.split(/[\\/]/).pop() ?? "";
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return undefined;
  return MEDIA_TYPES[name.slice(dot + 1).toLowerCase()];
}
