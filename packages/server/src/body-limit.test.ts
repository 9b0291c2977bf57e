import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requestBodyLimit } from "./body-limit.js";

function app() {
  const a = new Hono();
  a.use(
    "*",
    requestBodyLimit(10, (c) => c.text("too large", 413)),
  );
  a.post("/", async (c) => c.json({ got: await c.req.text() }));
  a.get("/", (c) => c.text("ok"));
  return a;
}

const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const ch of text) controller.enqueue(new TextEncoder().encode(ch));
      controller.close();
    },
  });

describe("requestBodyLimit", () => {
  it("refuses a body whose content-length is over the limit, and passes one under it", async () => {
    const big = await app().request("/", { method: "POST", body: "x".repeat(11) });
    expect(big.status).toBe(413);
    const small = await app().request("/", { method: "POST", body: "x".repeat(10) });
    expect(await small.json()).toEqual({ got: "x".repeat(10) });
  });

  it("counts the bytes of a body sent without a length", async () => {
    const init = { method: "POST", duplex: "half" } as RequestInit;
    const big = await app().request("/", { ...init, body: chunked("x".repeat(11)) });
    expect(big.status).toBe(413);
    const small = await app().request("/", { ...init, body: chunked("abc") });
    expect(await small.json()).toEqual({ got: "abc" });
  });

  it("lets GET requests through", async () => {
    expect(await (await app().request("/")).text()).toBe("ok");
  });
});
