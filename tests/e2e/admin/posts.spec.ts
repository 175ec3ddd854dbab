import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import { e2eEditor, startSignedIn, withoutJavaScript } from "../support/staff";

/**
 * The posts screens as an editor uses them: write a post with its live preview, save it as
 * a draft, schedule it, publish it, find it with the list's filters; and, without
 * JavaScript, the server's errors beside the fields with what was typed kept. The author
 * and categories come from tests/e2e/support/database-fixtures.ts.
 */

const uniqueTitle = (project: string) =>
  `Curbless shower notes ${project} ${Date.now().toString(36)}`;

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** A small real photo-like JPEG, made here so the upload goes through the whole pipeline. */
const coverJpeg = () =>
  sharp({
    create: { width: 960, height: 600, channels: 3, background: { r: 180, g: 150, b: 110 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

test("an editor writes a post with a cover, previews it, saves a draft, schedules it and publishes it", async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = uniqueTitle(testInfo.project.name);
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/posts/new");

  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  // The slug follows the title until someone types one.
  await expect(page.getByLabel("Slug")).toHaveValue(/^curbless-shower-notes-/);
  await page.getByLabel("Markdown").fill("## Why go curbless\n\nA **flush** floor is safer.");
  const preview = page.getByTestId("post-preview");
  await expect(preview.getByRole("heading", { name: "Why go curbless" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("flush");

  // Leaving with unsaved changes asks first.
  await page.getByRole("link", { name: "Back to posts" }).click();
  const leave = page.getByRole("dialog", { name: /Leave without saving/ });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);

  await page.getByLabel("Cover image", { exact: true }).setInputFiles({
    name: "curbless-shower.jpg",
    mimeType: "image/jpeg",
    buffer: await coverJpeg(),
  });
  await page.getByLabel("Cover description (alt text)").fill("A curbless walk-in shower");
  await page.getByRole("combobox", { name: "Author" }).selectOption({ label: "Riley Tester" });
  await page.getByRole("checkbox", { name: "Planning", exact: true }).check();
  await page.getByRole("button", { name: "Create post" }).click();
  await expect(toast(page, "Post created.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
  await expect(page.getByText(/^Draft · \/blog\/curbless-shower-notes-/)).toBeVisible();
  // The cover was stored and is shown as the current one, with its description kept.
  await expect(page.getByText("Current image").first()).toBeVisible();
  await expect(page.getByLabel("Cover description (alt text)")).toHaveValue(
    "A curbless walk-in shower",
  );
  await expect(page.getByRole("link", { name: /View preview/ })).toHaveAttribute(
    "href",
    /\/blog\/curbless-shower-notes-.*\?preview=1$/,
  );

  // The draft: staff preview it on the public page; a visitor's browser gets 404 there.
  const previewHref = (await page
    .getByRole("link", { name: /View preview/ })
    .getAttribute("href"))!;
  const postPath = new URL(previewHref, baseURL).pathname;
  const staffPreview = await page.context().newPage();
  await staffPreview.goto(previewHref);
  await expect(staffPreview.getByText("Preview: not published.")).toBeVisible();
  await expect(staffPreview.getByRole("heading", { level: 1 })).toHaveText(title);
  await staffPreview.close();
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  for (const path of [postPath, `${postPath}?preview=1`]) {
    expect((await visitor.goto(path))?.status(), path).toBe(404);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
  await visitor.goto("/blog");
  await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);

  await page.getByRole("radio", { name: "Scheduled" }).check();
  await page.getByLabel("Publish at (New York time)").fill("2099-03-02T09:30");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Post saved.")).toBeVisible();
  await expect(page.getByText(/^Scheduled · /)).toBeVisible();
  // Scheduled for later is still not public.
  expect((await request.get(postPath)).status()).toBe(404);

  await page.getByRole("radio", { name: "Published" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/^Published · /)).toBeVisible();
  await expect(page.getByRole("link", { name: /View on the site/ })).toHaveAttribute(
    "href",
    /\/blog\/curbless-shower-notes-[a-z0-9-]+$/,
  );
  // Every save kept a revision.
  await expect(page.getByRole("region", { name: "Revisions (3)" })).toBeVisible();

  // Published: on /blog for a visitor, in the feed and in the sitemap.
  await visitor.goto("/blog");
  await expect(visitor.getByRole("link", { name: title })).toBeVisible();
  const feed = await (await request.get("/rss.xml")).text();
  expect(feed).toContain(`<title>${title}</title>`);
  expect(feed).toContain(`${postPath}</link>`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${postPath}</loc>\\s*<lastmod>\\d{4}-`));
  await visitorContext.close();

  // The public page shows the uploaded cover, served from /media/.
  const publicHref = await page
    .getByRole("link", { name: /View on the site/ })
    .getAttribute("href");
  await page.goto(publicHref!);
  const cover = page.locator("article img[alt='A curbless walk-in shower']");
  await expect(cover).toBeVisible();
  const src = await cover.getAttribute("src");
  expect(src).toMatch(/^\/media\//);
  expect((await request.get(src!)).status()).toBe(200);

  // The list finds it by its title, status and category, and not under another status.
  await page.goto("/admin/posts");
  await page.getByLabel("Search title or excerpt").fill(title);
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel("Category").selectOption({ label: "Planning" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByText("1 post matches the filters.")).toBeVisible();
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No posts match these filters")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test("saving shows the errors beside the fields and keeps what was typed", async ({
    browser,
    page: signedIn,
  }) => {
    await startSignedIn(signedIn, e2eEditor());
    const page = await withoutJavaScript(browser, signedIn);
    await page.goto("/admin/posts/new");
    await expect(page.getByText("The live preview needs JavaScript.")).toBeVisible();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Typed without scripts");
    await page.getByLabel("Markdown").fill("Kept as typed.");
    await page.getByRole("button", { name: "Create post" }).click();

    await expect(page.getByText("Choose an author.")).toBeVisible();
    await expect(page.getByText("Choose at least one category.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
      "Typed without scripts",
    );
    await expect(page.getByLabel("Markdown")).toHaveValue("Kept as typed.");
    await expect(page.getByRole("combobox", { name: "Author" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await page.context().close();
  });

  test("a cover sent with a mistake elsewhere is kept, so the file need not be chosen again", async ({
    browser,
    page: signedIn,
  }, testInfo) => {
    await startSignedIn(signedIn, e2eEditor());
    const page = await withoutJavaScript(browser, signedIn);
    await page.goto("/admin/posts/new");
    const title = uniqueTitle(`kept ${testInfo.project.name}`);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByLabel("Cover image", { exact: true }).setInputFiles({
      name: "tub.jpg",
      mimeType: "image/jpeg",
      buffer: await coverJpeg(),
    });
    await page.getByLabel("Cover description (alt text)").fill("A freestanding tub");
    await page.getByRole("button", { name: "Create post" }).click();

    // Refused for the author, but the cover is now the current image.
    await expect(page.getByText("Choose an author.")).toBeVisible();
    await expect(page.getByRole("img", { name: "A freestanding tub" })).toBeVisible();
    await page.getByRole("combobox", { name: "Author" }).selectOption({ label: "Riley Tester" });
    await page.getByRole("checkbox", { name: "Planning", exact: true }).check();
    await page.getByRole("button", { name: "Create post" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await expect(page.getByRole("img", { name: "A freestanding tub" })).toBeVisible();
    await page.context().close();
  });
});
