import { describe, expect, it } from "vitest";
import { createNonce, securityHeaders } from "./security-headers.server";

describe("securityHeaders", () => {
  it("allows only scripts carrying this request's nonce", () => {
    const nonce = createNonce();
    const csp = securityHeaders({ nonce, https: false, development: false })[
      "Content-Security-Policy"
    ];
    expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("makes a new nonce every time", () => {
    expect(createNonce()).not.toBe(createNonce());
  });

  it("adds HSTS only for https sites", () => {
    expect(securityHeaders({ nonce: "n", https: false, development: false })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
    expect(
      securityHeaders({ nonce: "n", https: true, development: false })["Strict-Transport-Security"],
    ).toMatch(/max-age=\d+/);
  });

  it("sets the fixed headers", () => {
    expect(securityHeaders({ nonce: "n", https: false, development: false })).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});
