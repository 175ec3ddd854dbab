import type { Page } from "@playwright/test";
import { DEMO_POSTS } from "../../../app/db/demo-blog";
import { expect, test } from "../support/fixtures";
import { e2eEditor, startSignedIn } from "../support/staff";

/** The structured data blocks of the page, parsed. */
async function jsonLdOf(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test("/blog lists the demo posts newest first, each linking to its page (R11.3)", async ({
  page,
}) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bathroom ideas and advice");
  const titles = page.getByRole("heading", { level: 2 }).getByRole("link");
  const shown = await titles.allTextContents();
  // Other tests publish posts on the same server at the same time, and newer posts come
  // first: the demo posts are shown in their own order, newest first, after any of those.
  const demoTitles = DEMO_POSTS.map((post) => post.title);
  const demoShown = shown.filter((title) => demoTitles.includes(title));
  expect(demoShown.length).toBeGreaterThan(0);
  expect(demoShown).toEqual(demoTitles.slice(0, demoShown.length));
  const types = (await jsonLdOf(page)).map((data) => data["@type"]);
  expect(types).toEqual(expect.arrayContaining(["Blog", "BreadcrumbList"]));

  // The footer leads here from every page (R11.7).
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Footer" })
    .getByRole("link", { name: "Blog" })
    .click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("a post page shows its parts and its structured data (R11.4, R11.6)", async ({ page }) => {
  const post = DEMO_POSTS[0]!;
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  const article = page.getByRole("article").first();
  await expect(article.getByRole("link", { name: "Maya Lindqvist" }).first()).toHaveAttribute(
    "href",
    "/blog/author/maya-lindqvist",
  );
  await expect(article.getByRole("link", { name: "Accessibility" })).toHaveAttribute(
    "href",
    "/blog/category/accessibility",
  );
  await expect(article.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(article.getByText(/\d+ min read/)).toBeVisible();
  await expect(article.locator("picture img").first()).toBeVisible();
  await expect(
    article.getByRole("heading", { level: 2, name: "Why the floor is the hard part" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Related articles" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Request a Free Consultation" }).first(),
  ).toBeVisible();

  const data = await jsonLdOf(page);
  const posting = data.find((item) => item["@type"] === "BlogPosting");
  expect(posting).toMatchObject({
    headline: post.title,
    author: { "@type": "Person", name: "Maya Lindqvist" },
  });
  expect(String(posting?.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  const crumbs = data.find((item) => item["@type"] === "BreadcrumbList");
  expect((crumbs?.itemListElement as Array<{ name: string }>).map((crumb) => crumb.name)).toEqual([
    "Home",
    "Blog",
    post.title,
  ]);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
});

test("category and author pages list their posts (R11.3)", async ({ page }) => {
  await page.goto("/blog/category/planning-and-budget");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Planning and budget");
  await expect(
    page.getByRole("link", { name: "What a bathroom remodel costs in Massachusetts" }),
  ).toBeVisible();
  await page.goto("/blog/author/tom-oconnell");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tom O'Connell");
  await expect(
    page.getByRole("link", { name: "Heated bathroom floors for New England winters" }),
  ).toBeVisible();
});

test("/rss.xml is served as XML, well-formed, and linked from the head (R11.5)", async ({
  page,
  request,
}) => {
  const response = await request.get("/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
  const xml = await response.text();

  await page.goto("/about-us");
  const feedLink = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(feedLink).toHaveAttribute("href", "/rss.xml");
  // The browser's own XML parser is strict: it reports any error as a parsererror element.
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return {
      error: doc.getElementsByTagName("parsererror").length,
      version: doc.documentElement.getAttribute("version"),
      titles: [...doc.querySelectorAll("item > title")].map((node) => node.textContent),
    };
  }, xml);
  expect(parsed.error).toBe(0);
  expect(parsed.version).toBe("2.0");
  expect(parsed.titles).toEqual(expect.arrayContaining(DEMO_POSTS.map((post) => post.title)));
});

test("sitemap.xml lists the blog with lastmod (R11.6)", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const path of [
    "/blog",
    `/blog/${DEMO_POSTS[0]!.slug}`,
    "/blog/category/accessibility",
    "/blog/author/rachel-ferreira",
  ]) {
    expect(xml).toMatch(new RegExp(`<loc>[^<]*${path}</loc>\\s*<lastmod>\\d{4}-`));
  }
});

test("unknown posts and pages past the last answer 404; preview needs a staff session (R11.1, R11.2)", async ({
  request,
  page,
}) => {
  // A draft and a scheduled post in a visitor's browser: tests/e2e/admin/posts.spec.ts.
  expect((await request.get("/blog/no-such-post")).status()).toBe(404);
  expect((await request.get("/blog/no-such-post?preview=1")).status()).toBe(404);
  expect((await request.get("/blog?page=99")).status()).toBe(404);
  expect((await request.get("/blog/category/no-such-category")).status()).toBe(404);

  // A staff member previewing a published post sees it as visitors do: no banner.
  await startSignedIn(page, e2eEditor());
  await page.goto(`/blog/${DEMO_POSTS[1]!.slug}?preview=1`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEMO_POSTS[1]!.title);
  await expect(page.getByText("Preview: not published.")).toHaveCount(0);
});
