import { chromium, devices, expect, test, type Browser, type Page } from "@playwright/test";
import { findChromium } from "../../../scripts/ensure-browser.mjs";
import { contactForm, fillLeadForm, uniqueEmail, waitForFillTime } from "../leads/support";
import { randomTestAddress } from "../support/fixtures";
import { createDatabase, postgresReachable } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { createStaffAccount, startSignedIn, type StaffLogin } from "../support/staff";

/**
 * First-party analytics from the first visit to the admin's report (docs/REQUIREMENTS.md
 * R14): a visit with campaign parameters, two navigations inside the browser, a phone click
 * and a consultation request are stored as exactly the expected events, in order, through
 * the real endpoint; the admin's analytics screen then counts the visit and credits the lead
 * to its campaign. On PostgreSQL, so the test can read what the server stored.
 *
 * The browser is the full Chromium started without its automation flag, as a person's
 * browser is, so its visit counts among people's (the other tests' browsers, headless and
 * automated, are rightly counted as bots).
 */

let server: RunningServer | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let admin: StaffLogin;
let personBrowser: Browser | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000); // server starts on a busy machine
  test.skip(!(await postgresReachable()), "no PostgreSQL server reachable");
  // The headless shell is a bot by any measure (BotD says so); the full browser is not.
  // `npm test` installs it when missing and names it (FULL_CHROMIUM_PATH).
  const fullBrowser = process.env.FULL_CHROMIUM_PATH || findChromium();
  test.skip(!fullBrowser, "no full Chromium (only the headless shell) on this machine");
  database = await createDatabase();
  server = await startServer({ env: { DATABASE_URL: database.url, TRUST_PROXY: "true" } });
  admin = createStaffAccount({ DATABASE_URL: database.url }, "owner@lumenbath.example", "admin");
  personBrowser = await chromium.launch({
    executablePath: fullBrowser,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-blink-features=AutomationControlled",
    ],
  });
});

test.afterAll(async () => {
  await personBrowser?.close();
  if (server) expect(await server.stop()).toBe(0);
  await database?.drop();
});

interface StoredEvent {
  name: string;
  path: string | null;
  properties: Record<string, unknown>;
  visitor_id: string | null;
  is_bot: boolean;
}

/** The visitor's events as stored, in the order they happened. */
async function storedEvents(visitorId: string): Promise<StoredEvent[]> {
  const result = await database!.query(
    `select name, path, properties, visitor_id, is_bot, bot_type from analytics_events
      where visitor_id = '${visitorId.replace(/[^0-9a-f-]/g, "")}'
      order by coalesce(occurred_at, created_at), id`,
  );
  return result.rows as StoredEvent[];
}

async function visitorCookie(page: Page): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      id = (await page.context().cookies()).find((cookie) => cookie.name === "lm_aid")?.value;
      return id;
    })
    .toBeTruthy();
  return id!;
}

test("a campaign visit, two navigations, a phone click and a request: stored in order and reported", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await personBrowser!.newContext({
    ...devices["Desktop Chrome"],
    baseURL: server!.baseUrl,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  // What the browser did on the way, told when the stored events are not the expected ones:
  // whether a page was left as a new document, or a batch of events refused.
  const journey: string[] = [];
  const started = Date.now();
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  page.on("request", (request) => {
    if (request.isNavigationRequest()) journey.push(`${at()} document ${request.url()}`);
  });
  page.on("response", (response) => {
    if (response.url().endsWith("/api/events")) journey.push(`${at()} events ${response.status()}`);
  });
  page.on("requestfailed", (request) => {
    journey.push(`${at()} failed ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on("console", (message) =>
    journey.push(`${at()} console ${message.type()}: ${message.text()}`),
  );
  await page.goto("/?utm_source=mailer&utm_medium=email&utm_campaign=spring-refresh");
  const visitorId = await visitorCookie(page);
  // The tracker listens once the page is idle, as a reader's first seconds are.
  await expect
    .poll(async () => (await storedEvents(visitorId)).length, { timeout: 20_000 })
    .toBe(1);

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Bathrooms", exact: true }).click();
  // Each page is drawn before the next click (the home page's title names bathrooms too).
  await expect(page).toHaveTitle(/^Bathroom Remodeling in Boston & Massachusetts/);
  await nav.getByRole("link", { name: "Reviews", exact: true }).click();
  await expect(page).toHaveTitle(/^Customer Reviews/);
  // A tel: link would hand the page to the system's dialler: the click counts, then stops.
  await page.evaluate(() =>
    document.addEventListener("click", (event) => {
      if ((event.target as Element).closest("a[href^='tel:']")) event.preventDefault();
    }),
  );
  await page.getByTestId("top-bar").getByRole("link", { name: "(617) 555-0142" }).click();

  const form = contactForm(page);
  await fillLeadForm(form, {
    firstName: "Avery",
    lastName: "Campaign",
    email: uniqueEmail("avery.campaign"),
    phone: "6175550177",
    source: "Facebook",
  });
  await waitForFillTime(form);
  await form.getByRole("button", { name: "Request My Free Consultation" }).click();
  await expect(page).toHaveURL(/\/thank-you/, { timeout: 20_000 });

  const expected = [
    ["page_view", "/"],
    ["page_view", "/bathrooms"],
    ["page_view", "/reviews"],
    ["phone_click", "/reviews"],
    ["form_start", "/reviews"],
    ["service_interest", "/reviews"],
    ["contact_form_submission", "/reviews"],
    ["page_view", "/thank-you"],
  ];
  try {
    await expect
      .poll(async () => (await storedEvents(visitorId)).map((event) => [event.name, event.path]), {
        timeout: 20_000,
      })
      .toEqual(expected);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\nThe journey:\n${journey.join("\n")}`);
  }
  const events = await storedEvents(visitorId);
  expect(events[0]!.properties).toMatchObject({
    utm_source: "mailer",
    utm_medium: "email",
    utm_campaign: "spring-refresh",
  });
  expect(events.filter((event) => event.is_bot)).toEqual([]);
  expect(events[6]!.properties.leadId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  // Nothing that names the person was stored with any event.
  expect(JSON.stringify(events)).not.toMatch(/Avery|avery\.campaign|6175550177/);
  await context.close();

  // The admin's report counts the visit and credits the lead to its campaign.
  const adminPage = await browser.newPage({ baseURL: server!.baseUrl });
  await startSignedIn(adminPage, admin, server!.baseUrl);
  await adminPage.goto("/admin/analytics");
  const figures = adminPage.getByRole("region", { name: "Figures" });
  await expect(figures.getByText("Visitors", { exact: true })).toBeVisible();
  const campaigns = adminPage.getByRole("table", { name: /^Campaigns/ });
  await expect(campaigns.getByRole("row", { name: /spring-refresh/ })).toBeVisible();
  const leadsByCampaign = adminPage.getByRole("table", { name: /^Leads by campaign/ });
  await expect(leadsByCampaign.getByRole("row", { name: /^spring-refresh 1 0 / })).toBeVisible();
});
