import { describe, expect, it } from "vitest";
import { maskSecretLinks } from "./secret-links";

describe("maskSecretLinks", () => {
  it("hides the token of a set-password link and keeps the rest of the text", () => {
    const text =
      "Use this link:\n\nhttps://lumen.example/admin/set-password?token=AbC123_-xyz\n\nBye";
    expect(maskSecretLinks(text)).toBe(
      "Use this link:\n\nhttps://lumen.example/admin/set-password?token=[hidden]\n\nBye",
    );
  });

  it("hides every secret parameter wherever it stands in the query", () => {
    expect(maskSecretLinks("http://x.example/a?lang=en&TOKEN=abc&code=123#top")).toBe(
      "http://x.example/a?lang=en&TOKEN=[hidden]&code=[hidden]#top",
    );
  });

  it("leaves text without links alone", () => {
    expect(maskSecretLinks("token=abc is not a link parameter")).toBe(
      "token=abc is not a link parameter",
    );
  });
});
