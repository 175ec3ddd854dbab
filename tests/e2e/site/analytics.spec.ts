import type { Page, Route } from "@playwright/test";
import { gunzipSync } from "node:zlib";
import { e2ePartner, signInPartner } from "../support/affiliate";
import { expect, test } from "../support/fixtures";
import { e2eAdmin, startSignedIn } from "../support/staff";

/**
 * The first-party tracker in the browser (docs/REQUIREMENTS.md R4.3, R7.4, R9.6): what it
 * posts to /api/events, in order, and that it posts nothing at all, and keeps no visitor
 * cookie, while the visitor opted out or under Do-Not-Track. The endpoint is answered here
 * (204), so these tests check the browser's side alone. Test browsers report
 * navigator.webdriver, so their batches carry a bot verdict of automation: as they should.
 */

interface SentEvent {
  name: string;
  path?: string;
  search?: string;
  hash?: string;
  referrer?: string;
  screen?: string;
  ts?: number;
  props?: Record<string, unknown>;
}
interface SentBatch {
  visitorId?: string;
  sessionId?: string;
  bot?: { isBot: boolean; confidence: number; botType: string };
  events: SentEvent[];
  contentEncoding?: string;
}

/** Every batch the page posts to /api/events, read back from gzip when it was sent so. */
async function captureBatches(page: Page): Promise<SentBatch[]> {
  const batches: SentBatch[] = [];
  await page.route("**/api/events", async (route: Route) => {
    const request = route.request();
    const raw = request.postDataBuffer() ?? Buffer.alloc(0);
    const encoding = await request.headerValue("content-encoding");
    const text = (encoding === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
    batches.push({ ...(JSON.parse(text) as SentBatch), contentEncoding: encoding ?? undefined });
    await route.fulfill({ status: 204 });
  });
  return batches;
}

/**
 * Waits for the tracker's first batch: clicks and the form's events are heard once the
 * tracker has loaded (when the page is idle), so the test acts like a visitor who reads first.
 */
async function trackerStarted(batches: SentBatch[]) {
  await expect.poll(() => batches.length, { timeout: 15_000 }).toBeGreaterThan(0);
}

const names = (batches: SentBatch[]) => batches.flatMap((batch) => batch.events.map((e) => e.name));

/** A tel: link would hand the page to the system's dialler: the click is counted, then stopped. */
async function keepTelLinksOnPage(page: Page) {
  await page.evaluate(() =>
    document.addEventListener("click", (event) => {
      if ((event.target as Element).closest("a[href^='tel:']")) event.preventDefault();
    }),
  );
}

test("page views with the landing's UTM parameters, two client-side navigations and a phone click, in order", async ({
  page,
  baseURL,
}) => {
  const batches = await captureBatches(page);
  await page.goto("/?utm_source=newsletter&utm_campaign=spring");
  await keepTelLinksOnPage(page);
  await trackerStarted(batches);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Bathrooms", exact: true }).click();
  // The new page is drawn (its title with it) before the next click: that is when it counts.
  // Matched from the start: the home page's title also names bathroom remodeling in Boston.
  await expect(page).toHaveTitle(/^Bathroom Remodeling in Boston & Massachusetts/);
  await nav.getByRole("link", { name: "Reviews", exact: true }).click();
  await expect(page).toHaveTitle(/^Customer Reviews/);
  await page.getByTestId("top-bar").getByRole("link", { name: "(617) 555-0142" }).click();

  await expect
    .poll(() => names(batches), { timeout: 15_000 })
    .toEqual(["page_view", "page_view", "page_view", "phone_click"]);
  const events = batches.flatMap((batch) => batch.events);
  expect(events[0]).toMatchObject({
    path: "/",
    search: "?utm_source=newsletter&utm_campaign=spring",
    hash: "",
    screen: expect.stringMatching(/^\d+x\d+$/),
  });
  expect(events[1]).toMatchObject({
    path: "/bathrooms",
    search: "",
    referrer: `${baseURL}/?utm_source=newsletter&utm_campaign=spring`,
  });
  expect(events[2]).toMatchObject({ path: "/reviews", referrer: `${baseURL}/bathrooms` });
  expect(events[3]).toMatchObject({ path: "/reviews" });
  expect(events[3]?.props).toBeUndefined();
  const times = events.map((event) => event.ts ?? 0);
  expect(times).toEqual([...times].sort((a, b) => a - b));

  // One visitor and one session, kept in the first-party cookies.
  const cookies = await page.context().cookies();
  const visitor = cookies.find((cookie) => cookie.name === "lm_aid");
  const session = cookies.find((cookie) => cookie.name === "lm_asid");
  expect(visitor?.value).toMatch(/^[0-9a-f-]{36}$/);
  expect(visitor?.sameSite).toBe("Lax");
  expect(visitor?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 60 * 60);
  expect(session?.expires).toBe(-1);
  for (const batch of batches) {
    expect(batch).toMatchObject({ visitorId: visitor?.value, sessionId: session?.value });
    expect(batch.contentEncoding).toBe("gzip");
  }
  // The bot verdict travels once it is known: a test browser is automation.
  await expect
    .poll(() => batches.at(-1)?.bot)
    .toMatchObject({ isBot: true, botType: "automation" });
});

test("a quote request, the form's start, the service chosen and a service link, with no personal data", async ({
  page,
}) => {
  const batches = await captureBatches(page);
  await page.goto("/");
  await trackerStarted(batches);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Get a Quote" })
    .click();
  const form = page.getByRole("form", { name: "Request a Consultation" });
  await form.getByRole("textbox", { name: /^First name/ }).fill("Jordan");
  await form.getByRole("combobox", { name: /^Service/ }).selectOption("Bathroom Remodeling");
  await form.getByRole("textbox", { name: /^Last name/ }).fill("Rivera");
  await page.getByRole("link", { name: "Learn more about complete bathroom remodels" }).click();
  await page.waitForURL("**/bathrooms");

  await expect
    .poll(() => names(batches), { timeout: 15_000 })
    .toEqual([
      "page_view",
      "quote_request",
      "form_start",
      "service_interest",
      "service_interest",
      "page_view",
    ]);
  const events = batches.flatMap((batch) => batch.events);
  expect(events[3]).toMatchObject({ path: "/", props: { service: "Bathroom Remodeling" } });
  // A service page's link, clicked on the home page.
  expect(events[4]).toMatchObject({ path: "/", props: { service: "Complete bathroom remodels" } });
  expect(events[5]).toMatchObject({ path: "/bathrooms" });
  expect(JSON.stringify(batches)).not.toMatch(/Jordan|Rivera/);
});

test("opted out in the privacy controls: nothing is sent and no visitor cookie is kept; opting back in resumes", async ({
  page,
}) => {
  const batches = await captureBatches(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Privacy controls", exact: true }).click();
  const analytics = page.getByRole("switch", { name: "Analytics" });
  await analytics.click();
  await expect(analytics).toHaveAttribute("aria-checked", "false");

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Bathrooms", exact: true })
    .click();
  await page.waitForURL("**/bathrooms");
  // Past the tracker's start (idle, at most 2 s) and a flush (3 s): nothing may have left.
  await page.waitForTimeout(5_500);
  expect(batches).toEqual([]);
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).not.toContain("lm_aid");
  expect(cookies.map((cookie) => cookie.name)).not.toContain("lm_asid");

  // The controls stay open across the navigation.
  await analytics.click();
  await expect(analytics).toHaveAttribute("aria-checked", "true");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reviews", exact: true })
    .click();
  await expect.poll(() => names(batches), { timeout: 15_000 }).toEqual(["page_view"]);
  expect(batches[0]?.events[0]).toMatchObject({ path: "/reviews" });
});

test.describe("Do-Not-Track", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" }),
    );
  });

  test("nothing is sent and no visitor cookie is kept", async ({ page }) => {
    const batches = await captureBatches(page);
    await page.goto("/?utm_source=newsletter");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Bathrooms", exact: true })
      .click();
    await page.waitForURL("**/bathrooms");
    await page.waitForTimeout(5_500);
    expect(batches).toEqual([]);
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain("lm_aid");
    expect(cookies.map((cookie) => cookie.name)).not.toContain("lm_asid");
  });
});

test("a partner's sign-in is counted, with who signed in (an account id, no e-mail)", async ({
  page,
}) => {
  const batches = await captureBatches(page);
  const partner = e2ePartner("approved", "desktop");
  await signInPartner(page, partner);
  await expect
    .poll(() => names(batches).filter((name) => name !== "page_view"), { timeout: 15_000 })
    .toEqual(["affiliate_login", "identify"]);
  const identify = batches.flatMap((batch) => batch.events).find((e) => e.name === "identify");
  expect(identify?.props).toEqual({ kind: "affiliate", id: expect.stringMatching(/^[\w-]{8,}$/) });
  expect(JSON.stringify(batches)).not.toContain(partner.email);
});

test("the staff area is not counted, only who signs in to it, once", async ({ page }) => {
  const batches = await captureBatches(page);
  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/dashboard");
  await expect.poll(() => names(batches), { timeout: 15_000 }).toEqual(["identify"]);
  expect(batches[0]?.events[0]).toMatchObject({
    path: "/admin/dashboard",
    props: { kind: "staff", id: expect.stringMatching(/^[\w-]{8,}$/) },
  });
  expect(JSON.stringify(batches)).not.toContain(e2eAdmin().email);
  // Another page of the staff area, in the same session: nothing more is sent.
  await page.goto("/admin/leads");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForTimeout(5_500);
  expect(names(batches)).toEqual(["identify"]);
});

test("the events endpoint takes the tracker's batches; what is left when the page is hidden leaves by beacon", async ({
  page,
}) => {
  const answers: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/events") answers.push(response.status());
  });
  await page.goto("/");
  await expect.poll(() => answers, { timeout: 15_000 }).toEqual([204]);

  // An event, then the page hidden (as when it is left) in the same task: no flush between.
  const beacon = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === "/api/events" &&
      (request.headers()["content-type"] ?? "").startsWith("text/plain"),
  );
  await page.evaluate(() => {
    const phone = document.querySelector<HTMLAnchorElement>("a[href^='tel:']")!;
    phone.addEventListener("click", (event) => event.preventDefault());
    phone.click();
    dispatchEvent(new PageTransitionEvent("pagehide"));
  });
  const request = await beacon;
  const sent = JSON.parse(request.postData() ?? "{}") as SentBatch;
  expect(sent.events.map((event) => event.name)).toEqual(["phone_click"]);
  expect((await request.response())?.status()).toBe(204);
});
