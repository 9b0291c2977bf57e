// pino-roll ships no types: the part of its API this package uses.
declare module "pino-roll" {
  import type { DestinationStream } from "pino";

  /** A SonicBoom stream (flushSync/end are what shutdown needs). */
  interface RollStream extends DestinationStream {
    flush(cb?: (error?: Error) => void): void;
    end(): void;
    on(event: "close" | "finish" | "error", listener: (...args: unknown[]) => void): this;
    once(event: "close" | "finish" | "error", listener: (...args: unknown[]) => void): this;
  }

  export default function build(options: {
    file: string;
    size?: number | string;
    frequency?: number | string;
    mkdir?: boolean;
    sync?: boolean;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
  }): Promise<RollStream>;
}
