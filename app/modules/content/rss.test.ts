import { describe, expect, it } from "vitest";
import { buildRss, escapeXml, rfc822 } from "./rss";
import { parseXml } from "./xml-test-parser";

describe("RSS feed (R11.5)", () => {
  it.each([
    ["Tubs & tiles", "Tubs &amp; tiles"],
    ["<script>", "&lt;script&gt;"],
    [`"quoted" and 'single'`, "&quot;quoted&quot; and &apos;single&apos;"],
    ["bell\u0007 and nul\u0000", "bell and nul"],
    ["Café ✓", "Café ✓"],
  ])("escapes %j", (text, escaped) => {
    expect(escapeXml(text)).toBe(escaped);
  });

  it("writes dates as RFC 822 in GMT", () => {
    expect(rfc822(new Date("2026-11-03T14:05:00Z"))).toBe("Tue, 03 Nov 2026 14:05:00 GMT");
  });

  it("is well-formed with an empty channel", () => {
    const rss = parseXml(
      buildRss(
        {
          title: "A & B",
          description: "<none>",
          origin: "https://example.com",
          lastBuildDate: new Date(0),
        },
        [],
      ),
    );
    const channel = rss.child("channel")!;
    expect(channel.child("title")?.text).toBe("A & B");
    expect(channel.child("description")?.text).toBe("<none>");
    expect(channel.children.filter((child) => child.name === "item")).toEqual([]);
  });

  it("the test reader refuses what is not well-formed", () => {
    expect(() => parseXml("<a><b></a></b>")).toThrow();
    expect(() => parseXml("<a>fish & chips</a>")).toThrow();
    expect(() => parseXml("<a x=1/>")).toThrow();
    expect(() => parseXml("<a>")).toThrow();
  });
});
