import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { colourProblem, contrastRatio, qrShortUrl, qrTargetUrl } from "./qr-links";
import { isValidTarget, qrCommandSchema, QR_MESSAGES } from "./qr.schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: qrCommandSchema });
};
const errorsOf = (fields: Record<string, string>) => {
  const submission = form({ intent: "create", errorCorrection: "M", ...fields });
  return submission.status === "success" ? undefined : submission.error;
};
const valid = { name: "Spring mailer", target: "/bathrooms" };

describe("the QR code form (R15.3)", () => {
  it("asks for a name and a target, and takes the rest as optional", () => {
    expect(errorsOf({})).toEqual({
      name: [QR_MESSAGES.nameMissing],
      target: [QR_MESSAGES.targetMissing],
    });
    const submission = form({ intent: "create", errorCorrection: "M", ...valid });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      utmSource: "",
      foreground: "#1f2a2e",
      background: "#ffffff",
      enabled: false,
    });
  });

  it("takes a slug of lower-case letters, digits and hyphens, in any case typed", () => {
    const ok = form({ intent: "create", errorCorrection: "M", ...valid, slug: "Spring-2026" });
    expect(ok.status === "success" && ok.value).toMatchObject({ slug: "spring-2026" });
    for (const slug of ["spring mailer", "spring--mailer", "-spring", "spring_mailer", "é"]) {
      expect(errorsOf({ ...valid, slug }), slug).toEqual({ slug: [QR_MESSAGES.slugShape] });
    }
  });

  it("takes a path of this site or an https address, nothing else", () => {
    for (const target of ["/", "/bathrooms?x=1#top", "https://example.com/offer"]) {
      expect(isValidTarget(target), target).toBe(true);
    }
    for (const target of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "http://example.com/",
      "//example.com/x",
      "/\\example.com",
      "bathrooms",
      "https://",
      "https://user:pw@example.com/",
      "/bath rooms",
      "data:text/html,hi",
    ]) {
      expect(errorsOf({ ...valid, target }), target).toEqual({ target: [QR_MESSAGES.targetShape] });
    }
  });

  it("refuses colours that would not scan, and says why", () => {
    expect(errorsOf({ ...valid, foreground: "#ffffff", background: "#1f2a2e" })).toEqual({
      foreground: [QR_MESSAGES.inverted],
    });
    expect(errorsOf({ ...valid, foreground: "#999999", background: "#bbbbbb" })).toEqual({
      foreground: [QR_MESSAGES.lowContrast],
    });
    expect(errorsOf({ ...valid, foreground: "red" })).toEqual({
      foreground: [QR_MESSAGES.colourShape],
    });
    expect(colourProblem("#1f2a2e", "#ffffff")).toBeNull();
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
  });

  it("refuses an unknown error-correction level", () => {
    expect(errorsOf({ ...valid, errorCorrection: "X" })).toEqual({
      errorCorrection: [QR_MESSAGES.levelMissing],
    });
  });
});

describe("the addresses of a code (R15.3)", () => {
  const utm = { utm_source: "flyer", utm_medium: "print", utm_campaign: "spring sale" };

  it("encodes the absolute short address", () => {
    expect(qrShortUrl("https://www.example.com", "spring-mailer")).toBe(
      "https://www.example.com/q/spring-mailer",
    );
  });

  it("adds the UTM parameters and, on this site, qr={slug}; a path stays a path", () => {
    expect(
      qrTargetUrl(
        { slug: "spring", target: "/bathrooms?utm_source=old&x=1", utm },
        "https://a.test",
      ),
    ).toBe("/bathrooms?utm_source=flyer&x=1&utm_medium=print&utm_campaign=spring+sale&qr=spring");
  });

  it("leaves qr off an outside target", () => {
    expect(
      qrTargetUrl({ slug: "spring", target: "https://example.com/p#f", utm }, "https://a.test"),
    ).toBe("https://example.com/p?utm_source=flyer&utm_medium=print&utm_campaign=spring+sale#f");
  });
});
