import { describe, expect, it } from "vitest";
import { shouldCollect } from "./idle-collection.server";

const MB = 1024 * 1024;

describe("shouldCollect (docs/decisions/018)", () => {
  it("collects once the process is quiet and its heap has grown since the last collection", () => {
    expect(shouldCollect(40 * MB, 0.03, 120 * MB)).toBe(true);
    expect(shouldCollect(0, 0.05, 60 * MB)).toBe(true);
  });

  it("waits while the process is busy, however much garbage there is", () => {
    expect(shouldCollect(40 * MB, 0.9, 300 * MB)).toBe(false);
    expect(shouldCollect(40 * MB, 0.1, 300 * MB)).toBe(false);
  });

  it("leaves a quiet process alone while its heap has hardly grown", () => {
    expect(shouldCollect(40 * MB, 0, 50 * MB)).toBe(false);
    expect(shouldCollect(40 * MB, 0.02, 40 * MB)).toBe(false);
  });
});
