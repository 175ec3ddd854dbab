import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { contactForm, fillLeadForm, uniqueEmail, waitForFillTime } from "../leads/support";
import { e2eAdmin, e2eEditor, startSignedIn } from "../support/staff";

/**
 * The bathroom visualizer (docs/REQUIREMENTS.md R15.5): choosing changes the scene at once,
 * the share link draws the same design in a fresh browser, the design travels with a
 * consultation request to the lead's page; without JavaScript the choices are a GET form,
 * and an option staff add is offered at once.
 */

const scene = (page: Page) => page.locator("svg[data-scene]");

test("a visitor designs, shares and sends a bathroom; staff read the design on the lead", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/visualizer?paint=no-such-paint");
  // An unknown key falls back to the category's first option.
  await expect(page.getByRole("radio", { name: "Linen white" })).toBeChecked();
  await expect(scene(page).locator("[data-part=paint]")).toHaveAttribute("fill", "#f2ede3");

  await page.getByRole("group", { name: "Wall paint" }).getByText("Harbor blue").click();
  await page.getByRole("group", { name: "Shower" }).getByText("Tub and shower combination").click();
  await page.getByRole("group", { name: "Wall tile" }).getByText("Deep navy herringbone").click();
  await expect(scene(page).locator("[data-part=paint]")).toHaveAttribute("fill", "#8fa7b8");
  await expect(scene(page).locator("[data-part=shower]")).toHaveAttribute(
    "data-style",
    "tub-shower",
  );
  await expect(scene(page).locator("[data-part=wall-tile]")).toHaveAttribute(
    "data-style",
    "herringbone",
  );
  await expect(page).toHaveURL(/paint=harbor-blue/);

  await page.getByRole("button", { name: "Share this design" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain("shower=tub-shower");
  expect(link).toContain("wall_tile=navy-herringbone");

  // The link in a browser of its own draws the same design.
  const fresh = await browser.newContext();
  const shared = await fresh.newPage();
  await shared.goto(new URL(link).pathname + new URL(link).search);
  await expect(scene(shared).locator("[data-part=paint]")).toHaveAttribute("fill", "#8fa7b8");
  await expect(shared.getByRole("radio", { name: "Tub and shower combination" })).toBeChecked();
  await fresh.close();

  // Sent with a consultation request.
  const email = uniqueEmail("visualizer");
  const lastName = `Designer${Date.now()}`;
  const form = contactForm(page);
  await fillLeadForm(form, { firstName: "Vera", lastName, email, phone: "6175550188" });
  await form
    .getByRole("combobox", { name: "How did you hear about us?", exact: true })
    .selectOption("Google");
  await waitForFillTime(form);
  await form.getByRole("button", { name: "Request My Free Consultation" }).click();
  await expect(page).toHaveURL(/\/thank-you/);

  await startSignedIn(page, e2eAdmin());
  await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: `Vera ${lastName}` })
    .first()
    .click();
  const design = page.getByRole("region", { name: "Visualizer design" });
  await expect(design).toContainText("Harbor blue");
  await expect(design).toContainText("Tub and shower combination");
  await expect(design).toContainText("Deep navy herringbone");
});

test("without JavaScript the choices are a form; an option an editor adds is offered at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const key = `e2e-paint-${stamp}`;
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/visualizer");
  const add = page.getByRole("region", { name: "Add an option" });
  await add.getByLabel("Category").selectOption("paint");
  await add.getByLabel("Name").fill(`Test blush ${stamp}`);
  await add.getByLabel("Key").fill(key);
  await add.getByLabel("Style").selectOption("plain");
  await add.getByRole("textbox", { name: "Color", exact: true }).fill("#E8C4C0");
  await add.getByLabel("Order").fill("999");
  await add.getByRole("button", { name: "Add option" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Added Test blush ${stamp}.` }),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: key })).toBeVisible();

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const plain = await visitor.newPage();
  await plain.goto("/visualizer");
  await expect(plain.getByRole("button", { name: "Share this design" })).toHaveCount(0);
  await plain.getByText(`Test blush ${stamp}`).click();
  await plain.getByText("Matte black").click();
  await plain.getByRole("button", { name: "Show my design" }).click();
  await expect(plain).toHaveURL(new RegExp(`paint=${key}`));
  await expect(scene(plain).locator("[data-part=paint]")).toHaveAttribute("fill", "#e8c4c0");
  await expect(scene(plain).locator("[data-part=faucet]")).toHaveAttribute("stroke", "#26282a");
  // The share link is shown, and the request form carries the design.
  await expect(plain.locator("[data-share-link]")).toContainText(`paint=${key}`);
  await expect(plain.locator("input[name=visualizerDesign]")).toHaveValue(
    new RegExp(`fixture_finish=matte-black.*paint=${key}`),
  );
  await visitor.close();
});
