import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRODUCTION_ENVIRONMENT } from "./lib.mjs";

const deployFile = (name: string) =>
  readFileSync(new URL(`../../deploy/${name}`, import.meta.url), "utf8");

/** The variables a systemd unit sets with `Environment=NAME=value` lines. */
function unitEnvironment(unit: string): Record<string, string> {
  return Object.fromEntries(
    [...unit.matchAll(/^Environment=([A-Z_][A-Z0-9_]*)=(\S*)$/gm)].map((m) => [m[1]!, m[2]!]),
  );
}

/** The variables a Dockerfile sets with `ENV NAME=value \` (one or several per line). */
function imageEnvironment(dockerfile: string): Record<string, string> {
  const block = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? "";
  return Object.fromEntries(
    [...block.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1]!, m[2]!]),
  );
}

describe("the benchmarks' server runs with the production setups' environment", () => {
  it("sets glibc's malloc threshold as the systemd unit and the container image do", () => {
    expect(PRODUCTION_ENVIRONMENT).toEqual({ MALLOC_MMAP_THRESHOLD_: "4194304" });
    const unit = unitEnvironment(deployFile("lumen.service"));
    const image = imageEnvironment(deployFile("Dockerfile"));
    for (const [name, value] of Object.entries(PRODUCTION_ENVIRONMENT)) {
      expect(unit[name], `deploy/lumen.service ${name}`).toBe(value);
      expect(image[name], `deploy/Dockerfile ${name}`).toBe(value);
    }
    // The rest of what they set is configuration the benchmarks give their own way.
    expect(image).toMatchObject({ NODE_ENV: "production" });
    expect(unit).toMatchObject({ NODE_ENV: "production" });
  });
});
