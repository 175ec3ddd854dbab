import { readFile } from "node:fs/promises";
import jsQR from "jsqr";
import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import {
  contactForm,
  deliveredLead,
  fillLeadForm,
  uniqueEmail,
  waitForFillTime,
} from "../leads/support";
import { e2eEditor, startSignedIn, withoutJavaScript } from "../support/staff";

/**
 * Tracked QR codes and the QR code generator (docs/REQUIREMENTS.md R15.3, R15.4): made by
 * an editor, scanned by a visitor whose consultation request then carries the code.
 */

async function decodePng(path: string): Promise<string | undefined> {
  const { data, info } = await sharp(await readFile(path))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test("an editor makes a tracked code; scans are counted and the visitor's request carries its UTM and qr", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const slug = `e2e-mailer-${Date.now().toString(36)}`;
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/qr-codes");
  const form = page.getByRole("region", { name: "Add a QR code" });
  await form.getByLabel("Name").fill(`Spring mailer ${slug}`);
  await form.getByLabel("Slug").fill(slug);
  await form.getByLabel("Goes to").fill("/bathrooms");
  await form.getByLabel("UTM source").fill("mailer");
  await form.getByLabel("UTM medium").fill("print");
  await form.getByLabel("UTM campaign").fill("spring-qr");
  await form.getByRole("button", { name: "Add QR code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "QR code added." })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `/q/${slug}` });
  await expect(row).toContainText("0 total, 0 unique");

  // The PNG for print reads back as the code's absolute short address.
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: /^PNG of/ }).click();
  const png = await (await download).path();
  expect(await decodePng(png)).toMatch(new RegExp(`^https?://[^/]+/q/${slug}$`));

  // A visitor scans it twice with the same browser: a 302 with the UTM parameters and qr.
  const visitor = await browser.newContext({ ...test.info().project.use });
  const answer = await visitor.request.get(`/q/${slug.toUpperCase()}/`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe(
    `/bathrooms?utm_source=mailer&utm_medium=print&utm_campaign=spring-qr&qr=${slug}`,
  );
  expect(answer.headers()["set-cookie"]).toMatch(/lm_qr=.*HttpOnly.*SameSite=Lax/is);
  const scanner = await visitor.newPage();
  await scanner.goto(`/q/${slug}`);
  await expect(scanner).toHaveURL(/\/bathrooms\?utm_source=mailer/);
  // A visitor who waits for the page to be ready, as the fixtures' page.goto does.
  await scanner.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Their consultation request carries the code's UTM parameters and the code itself.
  const email = uniqueEmail("qr");
  const contact = contactForm(scanner);
  await contact.scrollIntoViewIfNeeded();
  await fillLeadForm(contact, {
    firstName: "Quinn",
    lastName: "Scanner",
    email,
    phone: "(617) 555-0177",
    source: "Google",
  });
  await waitForFillTime(contact);
  await contact.getByRole("button", { name: "Request My Free Consultation" }).click();
  await expect(scanner).toHaveURL(/\/thank-you\?/);
  const delivery = await deliveredLead(email);
  expect(delivery.body).toMatchObject({
    utm_source: "mailer",
    utm_medium: "print",
    utm_campaign: "spring-qr",
    qr: slug,
  });
  await visitor.close();

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: `/q/${slug}` })).toContainText(
    "2 total, 1 unique",
  );
});

test("without JavaScript: an editor's mistake keeps what was typed, then the tracked code is made and redirects", async ({
  page: signedIn,
  browser,
  request,
}) => {
  const slug = `e2e-nojs-${Date.now().toString(36)}`;
  await startSignedIn(signedIn, e2eEditor());
  const page = await withoutJavaScript(browser, signedIn);
  await page.goto("/admin/qr-codes");
  const form = page.getByRole("region", { name: "Add a QR code" });
  await form.getByLabel("Name").fill(`Yard sign ${slug}`);
  await form.getByLabel("Slug").fill(slug);
  await form.getByLabel("Goes to").fill("http://insecure.example.com/");
  await form.getByLabel("UTM source").fill("yard-sign");
  await form.getByRole("button", { name: "Add QR code" }).click();
  await expect(form.getByLabel("Goes to")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Name")).toHaveValue(`Yard sign ${slug}`);
  await expect(form.getByLabel("Slug")).toHaveValue(slug);
  await expect(form.getByLabel("Goes to")).toHaveValue("http://insecure.example.com/");
  await expect(form.getByLabel("UTM source")).toHaveValue("yard-sign");

  await form.getByLabel("Goes to").fill("/about-us");
  await form.getByRole("button", { name: "Add QR code" }).click();
  await expect(page.getByText("QR code added.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `/q/${slug}` })).toContainText(
    "0 total, 0 unique",
  );
  const answer = await request.get(`/q/${slug}`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe(`/about-us?utm_source=yard-sign&qr=${slug}`);
  await page.context().close();
});

test("the QR code generator draws a code in the browser and downloads it as PNG", async ({
  page,
}) => {
  await page.goto("/qr-generator");
  await expect(page.getByRole("heading", { level: 1, name: "QR code generator" })).toBeVisible();
  const text = "https://www.example.com/spring-offer";
  await page.getByLabel("Address or text").fill(text);
  await expect(page.getByTestId("qr-preview")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PNG" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("qr-code.png");
  expect(await decodePng(await file.path())).toBe(text);
  await expect(page.getByRole("link", { name: "Download SVG" })).toHaveAttribute(
    "href",
    /^data:image\/svg\+xml/,
  );
});
