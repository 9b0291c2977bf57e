import { describe, expect, it } from "vitest";
import {
  type DownloadReport,
  downloadProgress,
  formatBytes,
  formatDownloadLine,
  formatDuration,
  SpeedMeter,
} from "./download-progress.js";

describe("formatBytes / formatDuration", () => {
  it("uses decimal units and short durations", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(36_400_000)).toBe("36.4 MB");
    expect(formatBytes(1_100_000_000)).toBe("1.10 GB");
    expect(formatDuration(44.2)).toBe("45s");
    expect(formatDuration(185)).toBe("3m05s");
    expect(formatDuration(3720)).toBe("1h02m");
  });
});

describe("formatDownloadLine", () => {
  it("shows bytes, percent, speed and time left", () => {
    expect(
      formatDownloadLine({
        fileName: "model.gguf",
        downloaded: 250_000_000,
        total: 1_000_000_000,
        bytesPerSecond: 5_000_000,
      }),
    ).toBe(
      `model.gguf  [${"#".repeat(5)}${"-".repeat(15)}]  25%  250.0 MB / 1.00 GB  5.0 MB/s  2m30s left`,
    );
  });

  it("leaves out what it does not know", () => {
    const noSpeed = formatDownloadLine({
      fileName: "m.gguf",
      downloaded: 0,
      total: 2_000_000,
      bytesPerSecond: undefined,
    });
    expect(noSpeed).toBe(`m.gguf  [${"-".repeat(20)}]   0%  0 B / 2.0 MB`);
    expect(
      formatDownloadLine({
        fileName: "m.gguf",
        downloaded: 3_000_000,
        total: undefined,
        bytesPerSecond: 1_500_000,
      }),
    ).toBe("m.gguf  3.0 MB  1.5 MB/s");
    // Done: no time left.
    expect(
      formatDownloadLine({
        fileName: "m.gguf",
        downloaded: 2_000_000,
        total: 2_000_000,
        bytesPerSecond: 1_000_000,
      }),
    ).toBe(`m.gguf  [${"#".repeat(20)}] 100%  2.0 MB / 2.0 MB  1.0 MB/s`);
  });
});

describe("SpeedMeter", () => {
  it("measures from injected bytes and times, smoothing the rate", () => {
    const meter = new SpeedMeter(0.5);
    expect(meter.sample(1_000_000, 0)).toBeUndefined(); // a resumed part does not count as speed
    expect(meter.sample(3_000_000, 1000)).toBe(2_000_000);
    // The next second is slower (1 MB/s): the estimate moves halfway.
    expect(meter.sample(4_000_000, 2000)).toBe(1_500_000);
    // No time passed: the estimate stays.
    expect(meter.sample(4_500_000, 2000)).toBe(1_500_000);
    expect(meter.bytesPerSecond).toBe(1_500_000);
  });
});

function collect(isTTY: boolean) {
  const written: string[] = [];
  let time = 0;
  const report = downloadProgress({ isTTY, write: (t: string) => written.push(t) }, () => time);
  const at = (ms: number, downloaded: number, done = false) => {
    time = ms;
    const r: DownloadReport = { fileName: "m.gguf", downloaded, total: 10_000_000, done };
    report(r);
  };
  return { written, at };
}

describe("downloadProgress", () => {
  it("redraws one line on a terminal, at most every 200 ms, and ends it", () => {
    const { written, at } = collect(true);
    at(0, 0);
    at(50, 1_000_000); // too soon: skipped
    at(1000, 2_000_000);
    at(2000, 4_000_000);
    at(2010, 10_000_000, true); // the last report is always drawn
    expect(written).toHaveLength(5);
    expect(written.slice(0, 4).every((w) => w.startsWith("\r") || w === "\n")).toBe(true);
    expect(written[1]).toBe(
      `\rm.gguf  [####----------------]  20%  2.0 MB / 10.0 MB  2.0 MB/s  4s left\x1b[K`,
    );
    expect(written.at(-1)).toBe("\n");
  });

  it("prints a few plain lines elsewhere: each quarter and the end, no carriage returns", () => {
    const { written, at } = collect(false);
    for (let i = 0; i <= 20; i++) at(i * 1000, i * 500_000);
    at(20_000, 10_000_000, true);
    expect(written.join("")).not.toContain("\r");
    expect(written.map((w) => w.match(/\s(\d+)%/)?.[1])).toEqual(["0", "25", "50", "75", "100"]);
    expect(written.at(-1)).toMatch(/100% {2}10\.0 MB \/ 10\.0 MB {2}0\.5 MB\/s\n$/);
  });
});
