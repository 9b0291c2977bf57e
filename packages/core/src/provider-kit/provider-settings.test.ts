import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type ProviderChatModelOptionsOf,
  type ProviderOptionsWithId,
  providerClient,
} from "./provider-settings.js";

describe("providerClient", () => {
  it("passes on the client settings given, and the id or the default", () => {
    expect(providerClient({}, "acme")).toEqual({ id: "acme", client: {} });
    const settings = providerClient(
      { id: "proxy", apiKey: "k", baseURL: "http://x", clientKwargs: { a: 1 } },
      "acme",
    );
    expect(settings).toEqual({
      id: "proxy",
      client: { apiKey: "k", baseURL: "http://x", clientKwargs: { a: 1 } },
    });
    const partial = providerClient({ apiKey: undefined, baseURL: "http://y" }, "acme");
    expect(Object.keys(partial.client)).toEqual(["baseURL"]);
  });

  it("types the id as the literal given", () => {
    const options: ProviderOptionsWithId<{ id?: string; apiKey?: string }, "mine"> = {
      id: "mine",
    };
    expectTypeOf(providerClient(options, "mine").id).toEqualTypeOf<"mine">();
    expectTypeOf<
      ProviderChatModelOptionsOf<{
        modelName: string;
        provider?: string;
        client?: object;
        stream?: boolean;
      }>
    >().toEqualTypeOf<{ stream?: boolean }>();
  });
});
