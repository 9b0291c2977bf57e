import { Toolkit, tool } from "@agentscope-ts/core";
import { z } from "zod";

/**
 * The toolkit of the ReActAgent integration tests: `weather` and `local_time`, each pushing
 * `weather:<location>` / `time:<location>` onto `calls` so a test can assert what ran, in order.
 */
export function weatherAndTimeToolkit(calls: string[]): Toolkit {
  const kit = new Toolkit();
  kit.registerToolFunction(
    tool({
      name: "weather",
      description: "Get the weather in a location.",
      parameters: z.object({ location: z.string() }),
      execute: ({ location }) => {
        calls.push(`weather:${location}`);
        return `Cloudy, 7°C in ${location}`;
      },
    }),
  );
  kit.registerToolFunction(
    tool({
      name: "local_time",
      description: "Get the local time in a location.",
      parameters: z.object({ location: z.string() }),
      execute: ({ location }) => {
        calls.push(`time:${location}`);
        return `09:30 in ${location}`;
      },
    }),
  );
  return kit;
}
