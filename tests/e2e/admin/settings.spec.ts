import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { randomTestAddress } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";
import { flash, startSignedIn } from "../support/staff";
import { startWebhookReceiver, type ReceivedDelivery } from "../support/webhook-receiver";

/**
 * The settings screen through its own forms. A server of its own: changing the company's
 * phone, hours or claims here would disturb the tests of the public site on the shared one.
 * The tests run in order on it, each changing values no other test of this file reads.
 */

test.describe.configure({ mode: "default" });

const ADMIN = { email: "owner@lumenbath.example", password: "the owner's long password" };
let server: RunningServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a server start on a busy machine
  server = await startServer({
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: "true",
      // The test receiver listens on loopback, which webhooks may not target by default.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    },
  });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
});

/** A signed-in admin's page on this file's server, as a visitor address of its own. */
async function signedIn(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL: server!.baseUrl,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  await startSignedIn(page, ADMIN, server!.baseUrl);
  if (options.javaScriptEnabled === false) {
    const noScript = await browser.newContext({
      baseURL: server!.baseUrl,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
      extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
    });
    await context.close();
    return noScript.newPage();
  }
  return page;
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Saves a section and waits for its flash (the previous one may still show). */
async function save(page: Page, region: Locator, message: string) {
  await region.getByRole("button", { name: "Save" }).click();
  await expect(flash(page, message)).toBeVisible();
  await expect(region.getByRole("button", { name: "Save" })).toBeEnabled();
}

test("each section saves, shows on the public site at once and is audited", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser);
  await page.goto("/admin/settings");

  const profile = section(page, "Company profile");
  await profile.getByRole("textbox", { name: "Phone" }).fill("(617) 555-0199");
  await save(page, profile, "Company profile saved.");

  const hours = section(page, "Opening hours");
  await hours.getByRole("group", { name: "Row 3" }).getByLabel("Closes").fill("16:00");
  await save(page, hours, "Opening hours saved.");

  const links = section(page, "Links");
  await links
    .getByRole("textbox", { name: "Financing (pre-approval) page" })
    .fill("https://financing.example.com/apply?dealer=lumen-2027");
  await save(page, links, "Links saved.");

  const claims = section(page, "Claims");
  await claims.getByRole("textbox", { name: "Year founded" }).fill("1998");
  await save(page, claims, "Claims saved.");

  const referral = section(page, "Referral by name");
  await referral.getByRole("textbox", { name: "Person visitors can name" }).fill("Morgan Pike");
  await save(page, referral, "Referral by name saved.");

  // Addresses are kept one per line, in lower case, without repeats.
  const notifications = section(page, "Notification e-mails");
  const addresses = notifications.getByRole("textbox", { name: "Addresses told of each new lead" });
  await addresses.fill("Leads@LumenBath.example, sales@lumenbath.example\nleads@lumenbath.example");
  await save(page, notifications, "Notification e-mails saved.");
  await expect(addresses).toHaveValue("leads@lumenbath.example\nsales@lumenbath.example");
  await save(page, notifications, "Notification e-mails: nothing had changed.");

  const security = section(page, "Protection");
  // Assistive technology reads the switch's note (what it does) with it.
  await expect(
    security.getByRole("checkbox", { name: /Bot protection/ }),
  ).toHaveAccessibleDescription(/Access Restricted screen/);
  await security.getByRole("checkbox", { name: /Bot protection/ }).check();
  const retention = security.getByLabel("Keep analytics events (months)");
  await expect(retention).toHaveValue("13");
  await retention.fill("0");
  await security.getByRole("button", { name: "Save" }).click();
  await expect(security.getByText("Enter a number from 1 to 120.")).toBeVisible();
  await retention.fill("24");
  await save(page, security, "Protection saved.");
  await expect(security.getByRole("checkbox", { name: /Bot protection/ })).toBeChecked();
  await expect(retention).toHaveValue("24");
  // The same outcome again gets a toast of its own, even once the first is gone (dismissed
  // here, so that only the new one can answer the wait).
  await flash(page, "Protection saved.").getByRole("button", { name: "Dismiss" }).click();
  await expect(flash(page, "Protection saved.")).toHaveCount(0);
  // This browser is automated, so protection would (rightly) show it the block screen
  // (tests/e2e/platform/bot-protection.spec.ts): off again before visiting the site.
  await security.getByRole("checkbox", { name: /Bot protection/ }).uncheck();
  await save(page, security, "Protection saved.");
  await page.reload();
  await expect(security.getByRole("checkbox", { name: /Bot protection/ })).not.toBeChecked();

  // The public site, straight away.
  await page.goto("/");
  await expect(page.getByTestId("top-bar")).toContainText("(617) 555-0199");
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "(617) 555-0199" }),
  ).toHaveAttribute("href", "tel:+16175550199");
  const contact = page.locator("#contact");
  await expect(contact.getByRole("link", { name: /Call Now/ })).toHaveAttribute(
    "href",
    "tel:+16175550199",
  );
  await expect(contact.getByText("Sun 12:00 PM-4:00 PM")).toBeVisible();
  // Behind the menu on a phone, in the top bar on a desktop.
  await expect(
    page.locator('a[href="https://financing.example.com/apply?dealer=lumen-2027"]').first(),
  ).toBeAttached();
  await expect(page.getByText(/since 1998/).first()).toBeVisible();
  await expect(
    page.getByRole("combobox", { name: "How did you hear about us?" }).first().getByRole("option", {
      name: "Morgan Pike",
    }),
  ).toBeAttached();

  // And in the audit log, with who made them.
  await page.goto("/admin/audit");
  const main = page.getByRole("main");
  await expect(main.getByText(ADMIN.email).first()).toBeVisible();
  for (const value of ["(617) 555-0199", /16:00/, /lumen-2027/, /1998/, /Morgan Pike/]) {
    await expect(main.getByText(value).first()).toBeVisible();
  }
  await page.context().close();
});

test("a wrong value is answered beside its field and kept, and nothing is saved", async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await page.goto("/admin/settings");
  const profile = section(page, "Company profile");
  const phone = profile.getByRole("textbox", { name: "Phone" });
  await profile.getByRole("textbox", { name: "Company name" }).fill("");
  await phone.fill("12");
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(profile.getByRole("alert")).toHaveText(
    "Not saved: correct the fields marked below.",
  );
  await expect(
    profile.getByText("Enter a phone number with its area code, like (617) 555-0142."),
  ).toBeVisible();
  await expect(profile.getByText("Enter the company name.")).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveValue("12");

  // Corrected as the member types.
  await phone.fill("(617) 555-0123");
  await expect(phone).not.toHaveAttribute("aria-invalid", "true");

  const hours = section(page, "Opening hours");
  const row = hours.getByRole("group", { name: "Row 4" });
  await row.getByLabel("Opens").fill("10:00");
  await row.getByLabel("Closes").fill("09:00");
  await hours.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("Choose at least one day.")).toBeVisible();
  await expect(row.getByText("The closing time must be after the opening time.")).toBeVisible();
  await expect(row.getByLabel("Opens")).toHaveValue("10:00");

  await page.reload();
  await expect(
    section(page, "Company profile").getByRole("textbox", { name: "Phone" }),
  ).not.toHaveValue("12");
  await page.context().close();
});

test("without JavaScript, the server answers beside the field and keeps what was typed", async ({
  browser,
}) => {
  const page = await signedIn(browser, { javaScriptEnabled: false });
  await page.goto("/admin/settings");
  const claims = section(page, "Claims");
  await claims.getByRole("textbox", { name: "Price range" }).fill("cheap");
  await claims.getByRole("textbox", { name: "Number of ratings" }).fill("1,400");
  await claims.getByRole("button", { name: "Save" }).click();

  const answered = section(page, "Claims");
  await expect(answered.getByText("Use one to four dollar signs, from $ to $$$$.")).toBeVisible();
  await expect(answered.getByRole("alert")).toHaveText(
    "Not saved: correct the fields marked below.",
  );
  await expect(answered.getByRole("textbox", { name: "Price range" })).toHaveValue("cheap");
  await expect(answered.getByRole("textbox", { name: "Price range" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(answered.getByRole("textbox", { name: "Number of ratings" })).toHaveValue("1,400");

  // A valid save without JavaScript lands back on the screen with its flash.
  await answered.getByRole("textbox", { name: "Price range" }).fill("$$$");
  await answered.getByRole("button", { name: "Save" }).click();
  await expect(flash(page, "Claims saved.")).toBeVisible();
  await expect(section(page, "Claims").getByRole("textbox", { name: "Price range" })).toHaveValue(
    "$$$",
  );
  await page.context().close();
});

test("what is typed in one section survives saving another", async ({ browser }) => {
  const page = await signedIn(browser);
  await page.goto("/admin/settings");
  // Typing while React takes over is the next test's subject; this one types after.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const referral = section(page, "Referral by name");
  const name = referral.getByRole("textbox", { name: "Person visitors can name" });
  await name.fill("Not saved yet");
  const notifications = section(page, "Notification e-mails");
  const addresses = notifications.getByRole("textbox", { name: "Addresses told of each new lead" });
  await addresses.fill("typed@lumenbath.example");

  const links = section(page, "Links");
  await links
    .getByRole("textbox", { name: "Review page" })
    .fill("https://reviews.example.com/lumen");
  await save(page, links, "Links saved.");
  await expect(name).toHaveValue("Not saved yet");
  await expect(addresses).toHaveValue("typed@lumenbath.example");

  // A failed save elsewhere leaves them too.
  await links.getByRole("textbox", { name: "Review page" }).fill("not an address");
  await links.getByRole("button", { name: "Save" }).click();
  await expect(links.getByText("Enter a full address starting with https://.")).toBeVisible();
  await expect(name).toHaveValue("Not saved yet");
  await page.context().close();
});

test("text typed before the page's scripts have run is still there once they have", async ({
  browser,
}) => {
  const page = await signedIn(browser);
  // The scripts wait until the fields are filled, as on a slow phone line.
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/admin/settings", { waitUntil: "domcontentloaded" });
  const addresses = section(page, "Notification e-mails").getByRole("textbox", {
    name: "Addresses told of each new lead",
  });
  const name = section(page, "Referral by name").getByRole("textbox", {
    name: "Person visitors can name",
  });
  await addresses.fill("early@lumenbath.example");
  await name.fill("Typed early");
  releaseScripts();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(addresses).toHaveValue("early@lumenbath.example");
  await expect(name).toHaveValue("Typed early");
  await page.context().close();
});

test("a webhook endpoint is added, tested against a real receiver, disabled and deleted", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const receiver = await startWebhookReceiver();
  try {
    const page = await signedIn(browser);
    await page.goto("/admin/settings");
    const webhooks = section(page, "Webhook endpoints");
    const url = `${receiver.url}/settings-${Date.now()}`;

    const add = webhooks.getByRole("form", { name: "Add an endpoint" });
    await add.getByRole("textbox", { name: "URL" }).fill("ftp://example.com");
    await add.getByRole("button", { name: "Add endpoint" }).click();
    await expect(add.getByText("Enter a full address starting with https://.")).toBeVisible();
    // Refused when saved, even with private targets allowed, not at each lead's delivery.
    await add.getByRole("textbox", { name: "URL" }).fill("http://169.254.169.254/latest");
    await add.getByRole("button", { name: "Add endpoint" }).click();
    await expect(
      add.getByText("This is a cloud metadata service, which never receives webhooks."),
    ).toBeVisible();

    await add.getByRole("textbox", { name: "URL" }).fill(url);
    await add.getByRole("textbox", { name: "Description" }).fill("The test receiver");
    await add.getByRole("button", { name: "Add endpoint" }).click();
    const secret = webhooks.getByRole("status");
    await expect(secret).toContainText("Endpoint added. Copy its signing secret now.");
    await expect(webhooks.getByLabel(`Signing secret for ${url}`)).toHaveValue(/^[\w-]{43,}$/);
    await expect(add.getByRole("textbox", { name: "URL" })).toHaveValue("");

    const endpoint = webhooks.getByRole("listitem").filter({ hasText: url });
    await expect(endpoint).toContainText("Enabled");
    await expect(endpoint).toContainText("Not tested yet.");
    await endpoint.getByRole("button", { name: "Send test delivery" }).click();
    await expect(flash(page, /Test delivery answered HTTP 204 in \d+ ms\./)).toBeVisible();
    await expect(endpoint).toContainText(/Last test .*HTTP 204/);
    const received = (await (await fetch(`${receiver.url}/received`)).json()) as ReceivedDelivery[];
    expect(received.map((delivery) => delivery.body.event)).toEqual(["test"]);

    await endpoint.getByRole("button", { name: "Disable" }).click();
    await expect(flash(page, "Endpoint disabled.")).toBeVisible();
    await expect(endpoint).toContainText("Disabled");
    await expect(endpoint.getByRole("button", { name: "Enable" })).toBeVisible();

    await endpoint.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: /Delete the endpoint/ });
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(flash(page, "Endpoint deleted.")).toBeVisible();
    await expect(endpoint).toHaveCount(0);

    await page.goto("/admin/audit");
    const main = page.getByRole("main");
    for (const label of [
      "Webhook endpoint added",
      "Webhook test delivery",
      "Webhook endpoint disabled",
      "Webhook endpoint deleted",
    ]) {
      await expect(main.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await page.context().close();
  } finally {
    await receiver.close();
  }
});

for (const width of [375, 1280]) {
  test(`the screen fits ${width} px: nothing runs off to the side, no label is cut`, async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "sets its own width");
    const page = await signedIn(browser);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/settings");
    await expect(section(page, "Webhook endpoints")).toBeVisible();
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      cut: [...document.querySelectorAll("main label, main legend, main h2, main button")]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return (
            element.scrollWidth > element.clientWidth + 1 ||
            box.left < 0 ||
            box.right > document.documentElement.clientWidth
          );
        })
        .map((element) => element.textContent?.trim()),
    }));
    expect(overflow).toEqual({ page: 0, cut: [] });
    await page.context().close();
  });
}
