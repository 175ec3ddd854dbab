import { describe, expect, it } from "vitest";
import { hasVisibleCharacters, isAcceptableText, singleLine } from "./text";

describe("isAcceptableText", () => {
  it("accepts ordinary text in any script, emoji included", () => {
    for (const text of ["Zoë O'Brien", "李小龙", "Ñandú 😀", "مرحبا", "tab\tand\nnewline"]) {
      expect(isAcceptableText(text), text).toBe(true);
    }
  });

  it("refuses NUL and lone surrogates", () => {
    expect(isAcceptableText("Ann\u0000")).toBe(false);
    expect(isAcceptableText("\uD800")).toBe(false);
    expect(isAcceptableText("x\uDC00y")).toBe(false);
    expect(isAcceptableText("\uD83D\uDE00")).toBe(true);
  });
});

describe("singleLine", () => {
  it("turns line breaks and control characters into single spaces", () => {
    expect(singleLine("google\n\nOpen it: http://evil.example")).toBe(
      "google Open it: http://evil.example",
    );
    expect(singleLine(" a\r\n\tb\u0007c\u2028d ")).toBe("a b c d");
  });

  it("drops direction controls", () => {
    expect(singleLine("Ann\u202Egnp.exe")).toBe("Anngnp.exe");
    expect(singleLine("\u2066\u200F")).toBe("");
  });
});

describe("hasVisibleCharacters", () => {
  it("needs a letter or a digit", () => {
    expect(hasVisibleCharacters("Zoë")).toBe(true);
    expect(hasVisibleCharacters("7")).toBe(true);
    expect(hasVisibleCharacters("\u200B\u200D\u202E")).toBe(false);
    expect(hasVisibleCharacters("--- ...")).toBe(false);
  });
});
