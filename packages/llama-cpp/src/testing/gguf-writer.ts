/**
 * A minimal writer of GGUF files (format version 3): typed metadata and F32 tensors. Enough to
 * build small models for tests; it does no quantisation.
 */

/** A GGUF metadata value with its type. */
export type GgufValue =
  | { type: "u32"; value: number }
  | { type: "i32"; value: number }
  | { type: "u64"; value: bigint | number }
  | { type: "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "array"; itemType: "string"; values: readonly string[] }
  | { type: "array"; itemType: "i32" | "u32" | "f32"; values: readonly number[] };

/** A tensor to write: its name, its shape in GGML order (innermost dimension first), F32 data. */
export interface GgufTensor {
  name: string;
  /** GGML dimension order: `[columns, rows]` for a matrix, e.g. `[n_embd, n_vocab]`. */
  shape: readonly number[];
  data: Float32Array;
}

const ALIGNMENT = 32;
const TYPE_IDS = {
  u8: 0,
  i8: 1,
  u16: 2,
  i16: 3,
  u32: 4,
  i32: 5,
  f32: 6,
  bool: 7,
  string: 8,
  array: 9,
  u64: 10,
} as const;
const GGML_TYPE_F32 = 0;

/** Growable little-endian byte buffer. */
class ByteSink {
  private buffer = new Uint8Array(1 << 16);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  u32(value: number): void {
    this.reserve(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }

  i32(value: number): void {
    this.reserve(4);
    this.view.setInt32(this.length, value, true);
    this.length += 4;
  }

  u64(value: bigint | number): void {
    this.reserve(8);
    this.view.setBigUint64(this.length, BigInt(value), true);
    this.length += 8;
  }

  f32(value: number): void {
    this.reserve(4);
    this.view.setFloat32(this.length, value, true);
    this.length += 4;
  }

  u8(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  bytes(data: Uint8Array): void {
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  string(value: string): void {
    const encoded = new TextEncoder().encode(value);
    this.u64(encoded.length);
    this.bytes(encoded);
  }

  padTo(alignment: number): void {
    while (this.length % alignment !== 0) this.u8(0);
  }

  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

function writeValue(sink: ByteSink, value: GgufValue): void {
  switch (value.type) {
    case "u32":
      sink.u32(value.value);
      return;
    case "i32":
      sink.i32(value.value);
      return;
    case "u64":
      sink.u64(value.value);
      return;
    case "f32":
      sink.f32(value.value);
      return;
    case "bool":
      sink.u8(value.value ? 1 : 0);
      return;
    case "string":
      sink.string(value.value);
      return;
    case "array": {
      sink.u32(TYPE_IDS[value.itemType]);
      sink.u64(value.values.length);
      for (const item of value.values) {
        if (value.itemType === "string") sink.string(item as string);
        else if (value.itemType === "i32") sink.i32(item as number);
        else if (value.itemType === "u32") sink.u32(item as number);
        else sink.f32(item as number);
      }
      return;
    }
  }
}

/**
 * Serialises a GGUF v3 file: header, metadata (in the given order), tensor infos, then the
 * tensors' F32 data, each aligned to 32 bytes.
 */
export function encodeGguf(
  metadata: ReadonlyArray<readonly [string, GgufValue]>,
  tensors: readonly GgufTensor[],
): Uint8Array {
  const sink = new ByteSink();
  sink.bytes(new TextEncoder().encode("GGUF"));
  sink.u32(3);
  sink.u64(tensors.length);
  sink.u64(metadata.length);
  for (const [key, value] of metadata) {
    sink.string(key);
    sink.u32(TYPE_IDS[value.type]);
    writeValue(sink, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of tensors) {
    const count = tensor.shape.reduce((a, b) => a * b, 1);
    if (count !== tensor.data.length) {
      throw new Error(
        `GGUF tensor ${tensor.name}: shape ${tensor.shape.join("x")} needs ${count} values, got ${tensor.data.length}`,
      );
    }
    sink.string(tensor.name);
    sink.u32(tensor.shape.length);
    for (const dim of tensor.shape) sink.u64(dim);
    sink.u32(GGML_TYPE_F32);
    sink.u64(offset);
    offsets.push(offset);
    offset += tensor.data.byteLength;
    offset = Math.ceil(offset / ALIGNMENT) * ALIGNMENT;
  }
  sink.padTo(ALIGNMENT);
  const dataStart = sink.length;
  tensors.forEach((tensor, i) => {
    while (sink.length < dataStart + (offsets[i] ?? 0)) sink.u8(0);
    sink.bytes(new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
  });
  sink.padTo(ALIGNMENT);
  return sink.result();
}
