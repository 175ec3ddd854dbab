import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { redirectCommandSchema, REDIRECT_MESSAGES } from "./redirect.schema";

const send = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: redirectCommandSchema });
};

const errorsOf = (fields: Record<string, string>) => {
  const submission = send(fields);
  return submission.status === "error" ? submission.error : {};
};

describe("the redirect form's rules (R12.2, R12.3)", () => {
  it("accepts a rule and reads its kind and switch", () => {
    const submission = send({
      intent: "create",
      fromPath: " /Old-Page/ ",
      toPath: "/new-page?x=1",
      type: "308",
      isActive: "on",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      fromPath: "/Old-Page/",
      toPath: "/new-page?x=1",
      type: 308,
      isActive: true,
    });
  });

  it("needs no target for 410, and is off when the box is not ticked", () => {
    const submission = send({ intent: "create", fromPath: "/gone", type: "410" });
    expect(submission.status === "success" && submission.value).toMatchObject({
      type: 410,
      isActive: false,
    });
  });

  it.each<[Record<string, string>, Record<string, string[]>]>([
    [{ type: "301" }, { fromPath: [REDIRECT_MESSAGES.fromMissing] }],
    [{ fromPath: "old", toPath: "/x", type: "301" }, { fromPath: [REDIRECT_MESSAGES.fromShape] }],
    [
      { fromPath: "/a?b=1", toPath: "/x", type: "301" },
      { fromPath: [REDIRECT_MESSAGES.fromShape] },
    ],
    [{ fromPath: "/a*b", toPath: "/x", type: "301" }, { fromPath: [REDIRECT_MESSAGES.fromShape] }],
    [{ fromPath: "/", toPath: "/x", type: "301" }, { fromPath: [REDIRECT_MESSAGES.fromHome] }],
    [{ fromPath: "/*", toPath: "/x", type: "301" }, { fromPath: [REDIRECT_MESSAGES.fromHome] }],
    [
      { fromPath: "/Admin/x", toPath: "/x", type: "301" },
      { fromPath: [REDIRECT_MESSAGES.fromArea] },
    ],
    [{ fromPath: "/api/*", toPath: "/x", type: "301" }, { fromPath: [REDIRECT_MESSAGES.fromArea] }],
    [{ fromPath: "/a", type: "301" }, { toPath: [REDIRECT_MESSAGES.toMissing] }],
    [
      { fromPath: "/a", toPath: "//evil.example", type: "301" },
      { toPath: [REDIRECT_MESSAGES.toShape] },
    ],
    [
      { fromPath: "/a", toPath: "/\\evil.example", type: "301" },
      { toPath: [REDIRECT_MESSAGES.toShape] },
    ],
    [
      { fromPath: "/a", toPath: "javascript:alert(1)", type: "301" },
      { toPath: [REDIRECT_MESSAGES.toShape] },
    ],
    [{ fromPath: "/a", toPath: "https://", type: "301" }, { toPath: [REDIRECT_MESSAGES.toShape] }],
    [{ fromPath: "/a", toPath: "/b/*", type: "301" }, { toPath: [REDIRECT_MESSAGES.toStar] }],
    [{ fromPath: "/a", toPath: "/b", type: "303" }, { type: [REDIRECT_MESSAGES.typeMissing] }],
    [{ fromPath: "/a", toPath: "/b" }, { type: [REDIRECT_MESSAGES.typeMissing] }],
  ])("refuses %j", (fields, errors) => {
    expect(errorsOf({ intent: "create", ...fields })).toEqual(errors);
  });

  it("accepts full addresses and carried rests", () => {
    for (const [fromPath, toPath] of <[string, string][]>[
      ["/a", "https://example.com/page?x=1#top"],
      ["/a/*", "/b/*"],
      ["/a/*", "/b"],
      ["/a", "/b#section"],
    ]) {
      expect(send({ intent: "create", fromPath, toPath, type: "301" }).status, toPath).toBe(
        "success",
      );
    }
  });

  it("asks for a file to import", () => {
    expect(errorsOf({ intent: "import-check" })).toEqual({ file: [REDIRECT_MESSAGES.fileMissing] });
  });
});
