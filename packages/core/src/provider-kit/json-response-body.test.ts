import { describe, expect, it } from "vitest";
import { jsonResponseBody } from "./json-response-body.js";

const respond = (body: string | null, type: string | null, status = 200) =>
  new Response(body, { status, headers: type ? { "content-type": type } : {} });

describe("jsonResponseBody", () => {
  it("parses a JSON body, whatever the media type's parameters or +json suffix", async () => {
    expect(
      await jsonResponseBody(respond('{"id":"c1"}', "application/json; charset=utf-8")),
    ).toEqual({ id: "c1" });
    expect(await jsonResponseBody(respond('{"a":[1]}', "application/problem+json"))).toEqual({
      a: [1],
    });
  });

  it("reads an empty body as undefined and a 204 as null", async () => {
    expect(await jsonResponseBody(respond("", "application/json"))).toBeUndefined();
    expect(await jsonResponseBody(respond(null, null, 204))).toBeNull();
  });

  it("gives the text of a body of another media type", async () => {
    expect(await jsonResponseBody(respond("upstream busy", "text/plain"))).toBe("upstream busy");
  });

  it("rejects with a SyntaxError for a JSON body that does not parse", async () => {
    await expect(jsonResponseBody(respond('{"id":', "application/json"))).rejects.toBeInstanceOf(
      SyntaxError,
    );
  });
});
