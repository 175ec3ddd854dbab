import { describe, expect, it } from "vitest";
import { createNonce, securityHeaders } from "./security-headers.server";

describe("securityHeaders", () => {
  it("allows only scripts carrying this request's nonce", () => {
    const nonce = createNonce();
    const csp = securityHeaders({ scripts: { nonce }, https: false, development: false })[
      "Content-Security-Policy"
    ];
    expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("allows a page rendered without a nonce its listed inline scripts and our own modules", () => {
    const hashes = ["sha256-AAAA", "sha256-BBBB"];
    const csp = securityHeaders({ scripts: { hashes }, https: false, development: false })[
      "Content-Security-Policy"
    ];
    expect(csp).toContain("script-src 'self' 'sha256-AAAA' 'sha256-BBBB';");
    expect(csp).not.toContain("nonce");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("makes a new nonce every time", () => {
    expect(createNonce()).not.toBe(createNonce());
  });

  it("adds HSTS only for https sites", () => {
    expect(
      securityHeaders({ scripts: { nonce: "n" }, https: false, development: false }),
    ).not.toHaveProperty("Strict-Transport-Security");
    expect(
      securityHeaders({ scripts: { nonce: "n" }, https: true, development: false })[
        "Strict-Transport-Security"
      ],
    ).toMatch(/max-age=\d+/);
  });

  it("sets the fixed headers", () => {
    expect(
      securityHeaders({ scripts: { nonce: "n" }, https: false, development: false }),
    ).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});
