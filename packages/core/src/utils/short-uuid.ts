import { nodeBuiltin } from "./node-builtin.js";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const LENGTH = 22;
// Largest multiple of 57 below 256: bytes at or above it are rejected to keep the draw uniform.
const LIMIT = 256 - (256 % ALPHABET.length);
// Random bytes are drawn in batches of 8 KiB (one fill per ~320 ids): a fill costs about the same
// at 1 or 8 KiB, ≈ 2 µs in a tight loop but ≈ 18 µs amid an agent's work (cold caches; a 1 KiB
// pool refilled about once per 10-round run, issue 35).
const POOL_SIZE = 8192;
const pool = new Uint8Array(POOL_SIZE);
let poolAt = POOL_SIZE;

/**
 * A random 22-character id over the 57-letter alphabet of Python's `shortuuid` (what AgentScope
 * uses for message ids): ~128 bits of randomness, URL-safe, no look-alike characters.
 */
export function shortUuid(): string {
  // Char codes first, one string at the end: appending 22 times would build 22 strings per id.
  let n = 0;
  while (n < LENGTH) {
    if (poolAt === POOL_SIZE) {
      fillRandom(pool);
      poolAt = 0;
    }
    const b = pool[poolAt++] as number;
    if (b >= LIMIT) continue;
    codes[n++] = CODES[b % CODES.length] as number;
  }
  return String.fromCharCode.apply(null, codes);
}

const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const codes: number[] = new Array(LENGTH).fill(0);

/** Node's `node:crypto` module (its CommonJS exports), the part of it {@link fillRandom} uses. */
interface NodeCrypto {
  randomFillSync(bytes: Uint8Array): unknown;
}

let nodeCrypto: NodeCrypto | null | undefined;

/**
 * Fills `bytes` from the platform's cryptographic generator. Under Node, `node:crypto`'s
 * `randomFillSync` (taken through `process.getBuiltinModule`, no import): the same OpenSSL
 * generator as Web Crypto's, without the ≈ 0.7 ms webcrypto costs on first use when `node:crypto`
 * is already loaded (the `openai` SDK loads it). Elsewhere (browsers, Node without
 * `getBuiltinModule`), `crypto.getRandomValues`.
 */
function fillRandom(bytes: Uint8Array): void {
  if (nodeCrypto === undefined) {
    const mod = nodeBuiltin<Partial<NodeCrypto>>("node:crypto");
    nodeCrypto = typeof mod?.randomFillSync === "function" ? (mod as NodeCrypto) : null;
  }
  if (nodeCrypto) nodeCrypto.randomFillSync(bytes);
  else crypto.getRandomValues(bytes);
}
