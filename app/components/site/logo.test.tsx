import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Logo } from "./logo";

const source = readFileSync(new URL("../../../assets/brand/logo.svg", import.meta.url), "utf8");

describe("Logo", () => {
  it("draws the brand file's shapes inline, decorative and without ids", () => {
    const html = renderToStaticMarkup(<Logo className="size-10" />);
    expect(html.startsWith('<svg viewBox="0 0 64 64" width="40" height="40"')).toBe(true);
    expect(html).toContain('aria-hidden="true"');
    const shapes = source.match(/<(rect|path)[^>]*\/>/g) ?? [];
    expect(shapes.length).toBeGreaterThan(0);
    for (const shape of shapes) expect(html).toContain(shape);
    // Drawn in the header and the footer: an id would be on the page twice.
    expect(html).not.toMatch(/\sid=|<title/);
  });
});
