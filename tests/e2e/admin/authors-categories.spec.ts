import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import { e2eEditor, startSignedIn, withoutJavaScript } from "../support/staff";

/** The authors and categories screens through their own forms, as an editor (R10.9, R10.10). */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const flash = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("an editor adds, edits (with a photo) and deletes an author", async ({ page }) => {
  test.setTimeout(60_000);
  const id = stamp();
  const name = `Robin Author ${id}`;
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/authors");
  await expect(page.getByRole("heading", { level: 1, name: "Authors" })).toBeVisible();

  // The browser checks with the action's own schema before anything is sent.
  const add = page.getByRole("region", { name: "Add an author" });
  await add.getByRole("button", { name: "Add author" }).click();
  await expect(add.getByText("Enter the author's name.")).toBeVisible();

  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Title").fill("Tile setter");
  await add.getByLabel("Bio").fill("Sets tile on the North Shore.");
  await add.getByRole("button", { name: "Add author" }).click();
  await expect(flash(page, `${name} added.`)).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: `robin-author-${id}` });
  await expect(row).toContainText(name);
  await expect(row).toContainText("Tile setter");

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("region", { name: `Edit ${name}` });
  await expect(edit.getByLabel("Bio")).toHaveValue("Sets tile on the North Shore.");
  await edit.getByLabel("Name").fill(`${name} Jr`);
  await edit.getByLabel("Slug").fill(`robin-jr-${id}`);
  await edit.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "robin.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: { width: 320, height: 320, channels: 3, background: { r: 107, g: 127, b: 140 } },
    })
      .png()
      .toBuffer(),
  });
  await edit.getByLabel("Photo description (alt text)").fill("Robin on a job site");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(flash(page, `${name} Jr saved.`)).toBeVisible();
  const edited = page.getByRole("listitem").filter({ hasText: `robin-jr-${id}` });
  await expect(edited).toContainText(`${name} Jr`);

  // The photo was stored: editing again shows it, with its description.
  await edited.getByRole("link", { name: `Edit ${name} Jr` }).click();
  await expect(page.getByRole("img", { name: "Robin on a job site" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  // The list is drawn again once the navigation lands; a dialog opened before that would
  // go with the row it belonged to.
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveCount(0);

  await edited.getByRole("button", { name: `Delete ${name} Jr` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name} Jr? This cannot be undone.` });
  await dialog.getByRole("button", { name: "Delete author" }).click();
  await expect(flash(page, `${name} Jr deleted.`)).toBeVisible();
  await expect(edited).toHaveCount(0);
});

test("an editor adds, edits and deletes a category", async ({ page }) => {
  test.setTimeout(60_000);
  const id = stamp();
  const name = `Tile Talk ${id}`;
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/categories");
  const add = page.getByRole("region", { name: "Add a category" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Description").fill("All about tile.");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(flash(page, `${name} added.`)).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: `tile-talk-${id}` });
  await expect(row).toContainText(name);

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("region", { name: `Edit ${name}` });
  await edit.getByLabel("Description").fill("Tile, grout and stone.");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(flash(page, `${name} saved.`)).toBeVisible();

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page
    .getByRole("dialog", { name: `Delete ${name}? This cannot be undone.` })
    .getByRole("button", { name: "Delete category" })
    .click();
  await expect(flash(page, `${name} deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test("the server answers beside the field and keeps what was typed", async ({
    browser,
    page: signedIn,
  }) => {
    await startSignedIn(signedIn, e2eEditor());
    const page = await withoutJavaScript(browser, signedIn);
    await page.goto("/admin/authors");
    const add = page.getByRole("region", { name: "Add an author" });
    await add.getByLabel("Title").fill("Estimator");
    await add.getByLabel("Slug").fill("Not A Slug!");
    await add.getByRole("button", { name: "Add author" }).click();

    const again = page.getByRole("region", { name: "Add an author" });
    await expect(again.getByText("Enter the author's name.")).toBeVisible();
    await expect(
      again.getByText("Use lower-case letters, digits and single hyphens, like design-ideas."),
    ).toBeVisible();
    await expect(again.getByLabel("Title")).toHaveValue("Estimator");
    await expect(again.getByLabel("Slug")).toHaveValue("Not A Slug!");
    await expect(again.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    const name = `Quiet Category ${stamp()}`;
    await page.goto("/admin/categories");
    const category = page.getByRole("region", { name: "Add a category" });
    await category.getByLabel("Name").fill(name);
    await category.getByRole("button", { name: "Add category" }).click();
    // Its Edit link, not the row's text: other rows list it as a place to move posts to.
    await expect(page.getByRole("link", { name: `Edit ${name}`, exact: true })).toBeVisible();

    // The same name makes the same slug, which is taken: refused beside it, name kept.
    await category.getByLabel("Name").fill(name);
    await category.getByRole("button", { name: "Add category" }).click();
    const refused = page.getByRole("region", { name: "Add a category" });
    await expect(
      refused.getByText("Another category already uses this slug. Choose a different one."),
    ).toBeVisible();
    await expect(refused.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(refused.getByLabel("Name")).toHaveValue(name);
    await page.context().close();
  });
});
