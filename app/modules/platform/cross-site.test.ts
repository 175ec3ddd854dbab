import { describe, expect, it } from "vitest";
import { refuseCrossSite } from "./cross-site.server";

const PUBLIC_ORIGIN = "https://www.lumenbath.example";

function refused(headers: Record<string, string>, method = "POST"): boolean {
  const request = new Request("http://127.0.0.1:3000/admin/redirects", { method, headers });
  try {
    refuseCrossSite(request, PUBLIC_ORIGIN);
    return false;
  } catch (error) {
    // `data(…, { status })`, thrown: the router answers it with that status.
    const init = (error as { init?: ResponseInit }).init;
    if (init?.status === 403) return true;
    throw error;
  }
}

describe("a state-changing request from another site", () => {
  it("is refused by its Origin", () => {
    expect(refused({ Origin: "https://evil.example" })).toBe(true);
    expect(refused({ Origin: "null" })).toBe(true);
    expect(refused({ Origin: PUBLIC_ORIGIN })).toBe(false);
    expect(refused({ Origin: "http://127.0.0.1:3000" })).toBe(false);
  });

  it("without an Origin, is refused by Sec-Fetch-Site or by a Referer from elsewhere", () => {
    expect(refused({ "Sec-Fetch-Site": "cross-site" })).toBe(true);
    expect(refused({ Referer: "https://evil.example/attack.html" })).toBe(true);
    expect(refused({ Referer: "https://www.lumenbath.example.evil.example/" })).toBe(true);
    expect(refused({ Referer: "not an address" })).toBe(true);
    expect(refused({ Referer: `${PUBLIC_ORIGIN}/admin/redirects` })).toBe(false);
    expect(refused({ "Sec-Fetch-Site": "same-origin" })).toBe(false);
  });

  it("carrying none of them (a script, not a browser) is let through to its other checks", () => {
    expect(refused({})).toBe(false);
  });

  it("is not a concern for reads", () => {
    expect(refused({ Origin: "https://evil.example" }, "GET")).toBe(false);
  });
});
