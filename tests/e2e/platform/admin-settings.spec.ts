import { expect, test, type Locator } from "@playwright/test";
import { randomTestAddress } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";

/**
 * Settings changes show on the public site at once and in the audit log. A server of its
 * own, so changing the company's phone does not disturb the other tests.
 */

const ADMIN = { email: "owner@lumenbath.example", password: "the owner's long password" };
let server: RunningServer | undefined;

test.beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "true" },
  });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
});

test("phone, hours and links changed in settings show on the site at once, and are audited", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({
    baseURL: server!.baseUrl,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("textbox", { name: "E-mail" }).fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/dashboard/);

  await page.goto("/admin/settings");
  /** Saves a section and waits for the server's answer (the previous toast may still show). */
  const save = async (section: Locator) => {
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === "POST" &&
          new URL(response.url()).pathname.startsWith("/admin/settings"),
      ),
      section.getByRole("button", { name: "Save" }).click(),
    ]);
    expect(answer.status()).toBeLessThan(400);
    await expect(section.getByRole("button", { name: "Save" })).toBeEnabled();
  };
  const profile = page.getByRole("region", { name: "Company profile" });
  await profile.getByRole("textbox", { name: "Phone" }).fill("(617) 555-0199");
  await save(profile);

  const hours = page.getByRole("region", { name: "Opening hours" });
  const sunday = hours.getByRole("group", { name: "Row 3" });
  await sunday.getByLabel("Closes").fill("16:00");
  await save(hours);

  const links = page.getByRole("region", { name: "Links" });
  await links
    .getByRole("textbox", { name: "Financing (pre-approval) page" })
    .fill("https://financing.example.com/apply?dealer=lumen-2027");
  await save(links);

  // The public site, straight away.
  await page.goto("/");
  await expect(page.getByTestId("top-bar")).toContainText("(617) 555-0199");
  const contact = page.locator("#contact");
  await expect(contact.getByRole("link", { name: /Call Now/ })).toHaveAttribute(
    "href",
    "tel:+16175550199",
  );
  await expect(contact.getByText("Sun 12:00 PM-4:00 PM")).toBeVisible();
  await expect(
    page.getByTestId("top-bar").getByRole("link", { name: /Get Pre-Approved For Financing/ }),
  ).toHaveAttribute("href", "https://financing.example.com/apply?dealer=lumen-2027");

  // And in the audit log, with who made them.
  await page.goto("/admin/audit");
  const main = page.getByRole("main");
  await expect(main.getByText(ADMIN.email).first()).toBeVisible();
  await expect(main.getByText("(617) 555-0199").first()).toBeVisible();
  await expect(main.getByText(/16:00/).first()).toBeVisible();
  await expect(main.getByText(/lumen-2027/).first()).toBeVisible();
  await context.close();
});
