import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./accept-encoding";

describe("the compression an answer is sent with", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br", "br"],
    ["deflate", null],
    ["", null],
    [undefined, null],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=1", "br"],
    ["gzip;q=0", null],
    ["gzip;q=0, br;q=0", null],
    ["BR;Q=0, GZIP", "gzip"],
    ["*", "br"],
    ["*;q=0", null],
    ["br;q=0, *", "gzip"],
    ["gzip, *;q=0", "gzip"],
    ["identity;q=1, *;q=0", null],
    ["br;q=abc, gzip", "gzip"],
  ] as const)("%j: %j", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
