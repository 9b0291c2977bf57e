import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DeterministicEmbeddingModel } from "../testing/deterministic-embedding-model.js";
import { pythonJsonDumps } from "../utils/python-json.js";
import { decodeNpy, encodeNpy, FileEmbeddingCache } from "./embedding-file-cache.js";

// Written by NumPy 2.4: np.save(f, [[0.1, -2.5, 3.0], [1e-7, 0.0, 42.0]]) and a float32 array.
const NUMPY_F8 =
  "k05VTVBZAQB2AHsnZGVzY3InOiAnPGY4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsIDMpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAqamZmZmZm5PwAAAAAAAATAAAAAAAAACEBIr7ya8td6PgAAAAAAAAAAAAAAAAAARUA=";
const NUMPY_F4 =
  "k05VTVBZAQB2AHsnZGVzY3InOiAnPGY0JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDEsIDIpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAA/AADAPw==";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-embed-cache-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe(".npy encoding", () => {
  it("writes the same bytes as NumPy and reads NumPy's float64 and float32 files", () => {
    const vectors = [
      [0.1, -2.5, 3.0],
      [1e-7, 0.0, 42.0],
    ];
    expect(encodeNpy(vectors).toString("base64")).toBe(NUMPY_F8);
    expect(decodeNpy(Buffer.from(NUMPY_F8, "base64"))).toEqual(vectors);
    expect(decodeNpy(Buffer.from(NUMPY_F4, "base64"))).toEqual([[0.5, 1.5]]);
    expect(decodeNpy(encodeNpy([]))).toEqual([]);
    expect(() => encodeNpy([[1], [1, 2]])).toThrow(/ragged/);
  });
});

describe("FileEmbeddingCache", () => {
  it("names files like AgentScope Python (sha256 of json.dumps)", () => {
    const identifier = {
      input: ["hello", "wörld"],
      model: "text-embedding-3-small",
      dimensions: 3,
      encoding_format: "float",
    };
    expect(pythonJsonDumps(identifier)).toBe(
      '{"input": ["hello", "wörld"], "model": "text-embedding-3-small", "dimensions": 3, "encoding_format": "float"}',
    );
    expect(FileEmbeddingCache.fileName(identifier)).toBe(
      "c92e901544ad1939da5c46c760021dfc32d8d13a2dde96f7812b84d06c41f70d.npy",
    );
  });

  it("stores, retrieves, keeps or overwrites, removes and clears", async () => {
    const cache = new FileEmbeddingCache({ cacheDir: join(dir, "nested") });
    expect(await cache.retrieve("missing")).toBeUndefined();
    await cache.store([[1, 2]], { a: 1 });
    expect(await cache.retrieve({ a: 1 })).toEqual([[1, 2]]);
    await cache.store([[3, 4]], { a: 1 });
    expect(await cache.retrieve({ a: 1 })).toEqual([[1, 2]]);
    await cache.store([[3, 4]], { a: 1 }, true);
    expect(await cache.retrieve({ a: 1 })).toEqual([[3, 4]]);
    await cache.remove({ a: 1 });
    expect(await cache.retrieve({ a: 1 })).toBeUndefined();
    await cache.store([[5]], "x");
    await writeFile(join(dir, "nested", "keep.txt"), "not a cache file");
    await cache.clear();
    expect(await readdir(join(dir, "nested"))).toEqual(["keep.txt"]);
  });

  it("removes the oldest files beyond maxFileNumber", async () => {
    const cache = new FileEmbeddingCache({ cacheDir: dir, maxFileNumber: 2 });
    for (const [i, id] of ["a", "b"].entries()) {
      await cache.store([[i]], id);
      const past = new Date(Date.now() - (10 - i) * 1000);
      await utimes(join(dir, FileEmbeddingCache.fileName(id)), past, past);
    }
    await cache.store([[2]], "c");
    expect(await cache.retrieve("a")).toBeUndefined();
    expect(await cache.retrieve("b")).toEqual([[1]]);
    expect(await cache.retrieve("c")).toEqual([[2]]);
  });

  it("serves an embedding model's repeated requests from disk across instances", async () => {
    const first = new DeterministicEmbeddingModel({
      embeddingCache: new FileEmbeddingCache({ cacheDir: dir }),
    });
    const api = await first.embed(["persist me"]);
    const second = new DeterministicEmbeddingModel({
      embeddingCache: new FileEmbeddingCache({ cacheDir: dir }),
    });
    const cached = await second.embed(["persist me"]);
    expect(cached.source).toBe("cache");
    expect(cached.embeddings).toEqual(api.embeddings);
    expect(second.calls).toHaveLength(0);
  });
});
