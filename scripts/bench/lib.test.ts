import { describe, expect, it } from "vitest";
import { startScriptCommand } from "./lib.mjs";

describe("the benchmarks' server runs as `npm start` runs it", () => {
  it("takes the environment and the node options from the start script", () => {
    const { env, nodeOptions } = startScriptCommand();
    // glibc's malloc gives large blocks back, and a smaller young generation (docs/decisions/018).
    expect(env).toEqual({ MALLOC_MMAP_THRESHOLD_: "4194304" });
    expect(nodeOptions).toEqual(["--max-semi-space-size=8"]);
  });
});
