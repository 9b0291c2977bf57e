import { describe, expect, it } from "vitest";
import { flattenJsonSchema } from "./flatten-json-schema.js";

describe("flattenJsonSchema", () => {
  it("inlines $defs references, keeping sibling keys, and drops $defs", () => {
    const schema = {
      type: "object",
      properties: {
        home: { $ref: "#/$defs/Address", description: "where they live" },
        past: { type: "array", items: { $ref: "#/$defs/Address" } },
      },
      $defs: {
        Address: {
          type: "object",
          properties: { city: { type: "string" }, geo: { $ref: "#/$defs/Geo" } },
        },
        Geo: { type: "object", properties: { lat: { type: "number" } } },
      },
    };
    const before = JSON.stringify(schema);
    const out = flattenJsonSchema(schema);
    const address = {
      type: "object",
      properties: {
        city: { type: "string" },
        geo: { type: "object", properties: { lat: { type: "number" } } },
      },
    };
    expect(out).toEqual({
      type: "object",
      properties: {
        home: { ...address, description: "where they live" },
        past: { type: "array", items: address },
      },
    });
    expect(JSON.stringify(schema)).toBe(before);
    expect(JSON.stringify(out)).not.toContain("$ref");
  });

  it("cuts circular references and leaves unknown ones", () => {
    const out = flattenJsonSchema({
      type: "object",
      properties: { node: { $ref: "#/$defs/Node" }, other: { $ref: "#/components/X" } },
      $defs: { Node: { type: "object", properties: { next: { $ref: "#/$defs/Node" } } } },
    });
    expect(out.properties).toEqual({
      node: {
        type: "object",
        properties: { next: { type: "object", description: "(circular: Node)" } },
      },
      other: { $ref: "#/components/X" },
    });
  });
});
