import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { TextReader } from "./text-reader.js";

// sha256("Hello world. How are you?") from Python: hashlib.sha256(text.encode()).hexdigest()
const HELLO_SHA = "1d473b202b6fea30ab890b153d9d5fa3a79830a7bdb6d662581a95bda1a57866";

describe("TextReader", () => {
  it("splits sentences and gives every chunk the sha256 of the text as id and doc_id", async () => {
    const text = "Hello world. How are you?";
    const docs = await new TextReader().read(text);
    expect(docs.map((d) => d.metadata.content)).toEqual([
      { type: "text", text: "Hello world." },
      { type: "text", text: "How are you?" },
    ]);
    const id = await new TextReader().getDocId(text);
    expect(id).toBe(HELLO_SHA);
    expect(
      docs.map((d) => [d.id, d.metadata.doc_id, d.metadata.chunk_id, d.metadata.total_chunks]),
    ).toEqual([
      [id, id, 0, 2],
      [id, id, 1, 2],
    ]);
  });

  it("computes the same id as Python's hashlib for UTF-8 text", async () => {
    // python3 -c "import hashlib;print(hashlib.sha256('héllo 世界'.encode()).hexdigest())"
    expect(await new TextReader().getDocId("héllo 世界")).toBe(
      "41fdd4962650507e535fde55a87df81f9d8a7e12e5663ac3012caaa20432f621",
    );
  });

  it("cuts by characters (code points) and long sentences and lines into chunkSize pieces", async () => {
    const chars = await new TextReader({ chunkSize: 4, splitBy: "char" }).read("ab😀cdefg");
    expect(chars.map((d) => (d.metadata.content as { text: string }).text)).toEqual([
      "ab😀c",
      "defg",
    ]);
    const paras = await new TextReader({ chunkSize: 5, splitBy: "paragraph" }).read(
      "one\n\ntwo three\nfour",
    );
    expect(paras.map((d) => (d.metadata.content as { text: string }).text)).toEqual([
      "one",
      "two t",
      "hree",
      "four",
    ]);
    expect(paras.map((d) => d.metadata.chunk_id)).toEqual([0, 1, 2, 3]);
    const long = await new TextReader({ chunkSize: 6 }).read("A long sentence. Ok.");
    expect(long.map((d) => (d.metadata.content as { text: string }).text)).toEqual([
      "A long",
      " sente",
      "nce.",
      "Ok.",
    ]);
  });

  it("splits as the reference's tests expect (nltk punkt cases)", async () => {
    const texts = async (reader: TextReader, text: string) =>
      (await reader.read(text)).map((d) => (d.metadata.content as { text: string }).text);
    // From agentscope tests/rag_reader_test.py (v1.0.21).
    expect(
      await texts(
        new TextReader({ chunkSize: 10, splitBy: "char" }),
        "0123456789101112131415161718192021",
      ),
    ).toEqual(["0123456789", "1011121314", "1516171819", "2021"]);
    const bySentence = new TextReader({ chunkSize: 10, splitBy: "sentence" });
    expect(await texts(bySentence, "012345678910111213. 141516171819! 2021? 22")).toEqual([
      "0123456789",
      "10111213.",
      "1415161718",
      "19!",
      "2021?",
      "22",
    ]);
    expect(await texts(bySentence, "01234. 56789! 10111213? 14151617..")).toEqual([
      "01234.",
      "56789!",
      "10111213?",
      "14151617..",
    ]);
    expect(
      await texts(
        new TextReader({ chunkSize: 5, splitBy: "paragraph" }),
        "01234\n\n5678910111213.\n\n\n1415",
      ),
    ).toEqual(["01234", "56789", "10111", "213.", "1415"]);
    // Line breaks do not end sentences; the first sentence keeps its leading line break (as punkt does).
    expect(
      await texts(new TextReader({ chunkSize: 200 }), "\nTest list:\nAlice\nBob. Next one."),
    ).toEqual(["\nTest list:\nAlice\nBob.", "Next one."]);
  });

  it("rejects bad options with a ValidationError naming the field", () => {
    expect(() => new TextReader({ chunkSize: 0 })).toThrow(ValidationError);
    expect(() => new TextReader({ chunkSize: 0 })).toThrow(/chunkSize/);
    expect(() => new TextReader({ splitBy: "word" as never })).toThrow(/splitBy/);
  });
});
