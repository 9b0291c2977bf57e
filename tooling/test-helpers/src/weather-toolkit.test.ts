import { describe, expect, it } from "vitest";
import { weatherAndTimeToolkit } from "./weather-toolkit.js";

describe("weatherAndTimeToolkit", () => {
  it("offers weather and local_time, each taking a location", () => {
    const schemas = weatherAndTimeToolkit([]).getJsonSchemas();
    expect(schemas.map((s) => s.function.name)).toEqual(["weather", "local_time"]);
    for (const s of schemas) expect(s.function.parameters.required).toEqual(["location"]);
  });
});
