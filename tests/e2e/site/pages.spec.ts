import { ALL_PUBLIC_PAGES } from "../../../app/modules/seo/public-routes";
import { expect, test } from "../support/fixtures";

const TITLE_SUFFIX = " | Lumen Bath & Remodel";

/**
 * Headings in document order as the accessibility tree sees them: h1-h6 and role="heading",
 * without those hidden by display:none, visibility:hidden or aria-hidden.
 */
function readHeadings(): Array<{ level: number; text: string }> {
  const elements = document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6, [role=heading]");
  return [...elements]
    .filter(
      (element) =>
        element.checkVisibility({ visibilityProperty: true }) &&
        !element.closest("[aria-hidden=true]"),
    )
    .map((element) => {
      const ariaLevel = Number(element.getAttribute("aria-level"));
      const tagLevel = /^H([1-6])$/.exec(element.tagName)?.[1];
      return {
        level: ariaLevel || Number(tagLevel ?? 2),
        text: (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60),
      };
    });
}

for (const path of ALL_PUBLIC_PAGES) {
  test(`${path}: answers 200 with one h1, title, description, canonical, lang and heading order`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status(), "status").toBe(200);

    const h1 = page.locator("h1");
    await expect(h1, "exactly one h1").toHaveCount(1);
    await expect(h1).toBeVisible();

    const title = await page.title();
    expect(title.endsWith(TITLE_SUFFIX), `title "${title}" ends with "${TITLE_SUFFIX}"`).toBe(true);
    expect(title.slice(0, -TITLE_SUFFIX.length).trim(), "the page's own title").not.toBe("");

    const descriptions = page.locator('meta[name="description"]');
    await expect(descriptions, "one meta description").toHaveCount(1);
    expect((await descriptions.getAttribute("content"))?.trim(), "description").toBeTruthy();

    const canonicals = page.locator('link[rel="canonical"]');
    await expect(canonicals, "one canonical link").toHaveCount(1);
    const canonical = await canonicals.getAttribute("href");
    expect(canonical, "canonical href").toBeTruthy();
    expect(new URL(canonical!).pathname, "canonical path").toBe(path);

    expect((await page.locator("html").getAttribute("lang"))?.trim(), "html[lang]").toBeTruthy();

    const headings = await page.evaluate(readHeadings);
    expect(
      headings.filter((heading) => heading.level === 1),
      "the h1 among the headings",
    ).toHaveLength(1);
    const skips: string[] = [];
    for (let i = 1; i < headings.length; i++) {
      const previous = headings[i - 1]!;
      const current = headings[i]!;
      if (current.level > previous.level + 1) {
        skips.push(`h${previous.level} "${previous.text}" -> h${current.level} "${current.text}"`);
      }
    }
    expect(skips, "heading levels skipped going down").toEqual([]);
  });
}
