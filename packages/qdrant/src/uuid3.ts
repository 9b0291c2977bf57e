import { createHash } from "node:crypto";

/** Python's `uuid.NAMESPACE_DNS`. */
export const NAMESPACE_DNS = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";

/**
 * Python's `uuid.uuid3(namespace, name)`: the MD5 of the namespace bytes and the UTF-8 name, with
 * the version (3) and RFC 4122 variant bits set. Written here because it is six lines; the `uuid`
 * package's v3 is the same algorithm.
 */
export function uuid3(name: string, namespace: string = NAMESPACE_DNS): string {
  const ns = Buffer.from(namespace.replaceAll("-", ""), "hex");
  const bytes = createHash("md5").update(ns).update(name, "utf8").digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x30;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
