import { expect, test } from "@playwright/test";
import { fillLeadForm, uniqueEmail, waitForFillTime } from "../leads/support";
import { randomTestAddress } from "../support/fixtures";
import { createDatabase, postgresReachable } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";

/**
 * When the database cannot take a lead, the visitor is told so, keeps what they typed,
 * and can send it again; they never see a false thank-you.
 */

let server: RunningServer | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000); // server starts on a busy machine
  test.skip(!(await postgresReachable()), "no PostgreSQL server reachable");
  database = await createDatabase();
  server = await startServer({ env: { DATABASE_URL: database.url } });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  await database?.drop();
});

const breakLeads = () => database!.query("alter table leads rename to leads_unavailable");
const mendLeads = () => database!.query("alter table leads_unavailable rename to leads");

test("with JavaScript: a clear message, values kept, and a retry that succeeds", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server!.baseUrl,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  await page.goto("/about-us");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = page.locator("#contact").getByRole("form", { name: "Request a Consultation" });
  const email = uniqueEmail("unavailable");
  await fillLeadForm(form, {
    firstName: "Dana",
    lastName: "Retry",
    email,
    phone: "6175550177",
    source: "Google",
  });
  await waitForFillTime(form);

  await breakLeads();
  try {
    await form.getByRole("button", { name: "Request My Free Consultation" }).click();
    await expect(form.getByText(/We could not save your request just now/)).toBeVisible();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(form.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue(email);
    await expect(form.getByRole("textbox", { name: "First name", exact: true })).toHaveValue(
      "Dana",
    );
  } finally {
    await mendLeads();
  }

  await form.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/thank-you\?firstName=Dana/);
  const { rows } = await database!.query(
    `select count(*)::int as n from leads where email = '${email}'`,
  );
  expect(rows[0].n).toBe(1);
  await context.close();
});

test("without JavaScript: HTTP 503 with the form, the message and every value kept", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server!.baseUrl,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  await page.goto("/bathrooms");
  const form = page.locator("#contact").getByRole("form", { name: "Request a Consultation" });
  const email = uniqueEmail("unavailable-nojs");
  await fillLeadForm(form, {
    firstName: "Eli",
    lastName: "Noscript",
    email,
    phone: "6175550166",
    source: "Google",
  });
  await waitForFillTime(form);

  await breakLeads();
  try {
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith("/api/leads")),
      form.getByRole("button", { name: "Request My Free Consultation" }).click(),
    ]);
    expect(response.status()).toBe(503);
  } finally {
    await mendLeads();
  }
  const again = page.getByRole("form", { name: "Request a Consultation" });
  await expect(again.getByText(/We could not save your request just now/)).toBeVisible();
  await expect(again.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue(email);
  await expect(again.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue(
    "6175550166",
  );
  await expect(again.getByRole("radio", { name: "Home", exact: true })).toBeChecked();

  await again.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/thank-you\?firstName=Eli/);
  await context.close();
});
