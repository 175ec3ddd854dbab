import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureHeader, signWebhookBody, verifyWebhookSignature } from "./signature.server";

const secret = "a-shared-secret-of-some-length";
const body = JSON.stringify({ leadId: "1", firstName: "Ada" });
const now = 1_900_000_000_000;
const ts = String(now / 1000);

describe("webhook signature", () => {
  it("is the hex HMAC-SHA256 of timestamp, dot, body", () => {
    const expected = createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex");
    expect(signWebhookBody(secret, ts, body)).toBe(expected);
    expect(signWebhookBody(secret, Number(ts), body)).toBe(expected);
    expect(signatureHeader(secret, ts, body)).toBe(`sha256=${expected}`);
  });

  it("verifies what it signed", () => {
    const header = signatureHeader(secret, ts, body);
    expect(verifyWebhookSignature(secret, header, ts, body, 300, now)).toBe(true);
    expect(
      verifyWebhookSignature(
        secret,
        header.toUpperCase().replace("SHA256", "sha256"),
        ts,
        body,
        300,
        now,
      ),
    ).toBe(true);
  });

  it("rejects another body, secret or timestamp", () => {
    const header = signatureHeader(secret, ts, body);
    expect(verifyWebhookSignature(secret, header, ts, `${body} `, 300, now)).toBe(false);
    expect(verifyWebhookSignature(`${secret}x`, header, ts, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, header, String(Number(ts) + 1), body, 300, now)).toBe(
      false,
    );
  });

  it("rejects timestamps outside the tolerance", () => {
    const old = String(Number(ts) - 301);
    expect(
      verifyWebhookSignature(secret, signatureHeader(secret, old, body), old, body, 300, now),
    ).toBe(false);
    const future = String(Number(ts) + 301);
    expect(
      verifyWebhookSignature(secret, signatureHeader(secret, future, body), future, body, 300, now),
    ).toBe(false);
    const edge = String(Number(ts) - 300);
    expect(
      verifyWebhookSignature(secret, signatureHeader(secret, edge, body), edge, body, 300, now),
    ).toBe(true);
  });

  it("rejects missing or malformed headers", () => {
    const hex = signWebhookBody(secret, ts, body);
    expect(verifyWebhookSignature(secret, undefined, ts, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, `sha256=${hex}`, null, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, hex, ts, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, `sha1=${hex}`, ts, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, `sha256=${hex.slice(2)}`, ts, body, 300, now)).toBe(
      false,
    );
    expect(verifyWebhookSignature(secret, `sha256=${hex}`, "12.5", body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, `sha256=${"z".repeat(64)}`, ts, body, 300, now)).toBe(
      false,
    );
  });
});
