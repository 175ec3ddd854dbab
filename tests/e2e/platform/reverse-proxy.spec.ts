import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { contactForm, fillLeadForm, uniqueEmail, waitForFillTime } from "../leads/support";
import { startTlsProxy, tlsProxyUnavailable, type TlsProxy } from "../support/reverse-proxy";
import { freePort, startServer, type RunningServer } from "../support/server";
import { createStaffAccount, type StaffLogin } from "../support/staff";

/**
 * The production server behind nginx terminating TLS, as operators run it: PUBLIC_URL is
 * the https address, TRUST_PROXY=1, and the server itself is reached over plain HTTP.
 * Browser posts (sign-in, the consultation form) must be accepted, a foreign Origin still
 * refused, and the visitor's address must be the one nginx appended.
 */

test.describe.configure({ mode: "serial" });
const unavailable = tlsProxyUnavailable();
test.skip(unavailable !== undefined, unavailable);

/** What a client writes into X-Forwarded-For itself; it must never be taken as its address. */
const SPOOFED_ADDRESS = "203.0.113.77";

let dataDir: string | undefined;
let server: RunningServer | undefined;
let proxy: TlsProxy | undefined;
let admin: StaffLogin;
let staffContext: BrowserContext | undefined;
let staffPage: Page | undefined;
let client: APIRequestContext | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "lumen-proxied-"));
  admin = createStaffAccount({ DATA_DIR: dataDir }, "admin@lumenbath.example", "admin");
  const serverPort = await freePort();
  // nginx needs the server's port and the server needs nginx's (PUBLIC_URL): pick both first.
  proxy = await startTlsProxy(serverPort);
  server = await startServer({
    port: serverPort,
    dataDir,
    env: { PUBLIC_URL: proxy.url, TRUST_PROXY: "1" },
  });
  client = await playwrightRequest.newContext({
    baseURL: proxy.url,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { Origin: proxy.url, "X-Forwarded-For": SPOOFED_ADDRESS },
  });
  expect((await client.get("/healthz")).status()).toBe(200);
});

test.afterAll(async () => {
  await staffContext?.close();
  await client?.dispose();
  await proxy?.stop();
  const exitCode = await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (server) expect(exitCode).toBe(0);
});

test("staff sign in through the proxy and reach the dashboard", async ({ browser }) => {
  staffContext = await browser.newContext({ baseURL: proxy!.url, ignoreHTTPSErrors: true });
  staffPage = await staffContext.newPage();
  await staffPage.goto("/admin/login");
  await staffPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await staffPage.getByRole("textbox", { name: "E-mail" }).fill(admin.email);
  await staffPage.getByLabel("Password").fill(admin.password);
  await staffPage.getByRole("button", { name: "Sign in" }).click();
  await staffPage.waitForURL(/\/admin\/dashboard/);
  await expect(staffPage.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(new URL(staffPage.url()).origin).toBe(proxy!.url);
});

test("a visitor sends the consultation form on the home page and reaches /thank-you", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({
    baseURL: proxy!.url,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { "X-Forwarded-For": SPOOFED_ADDRESS },
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = contactForm(page);
  await form.scrollIntoViewIfNeeded();
  await fillLeadForm(form, {
    firstName: "Parker",
    lastName: "Proxied",
    email: uniqueEmail("proxied"),
    phone: "(617) 555-0177",
    source: "Google",
  });
  await waitForFillTime(form);
  await form.getByRole("button", { name: "Request My Free Consultation" }).click();
  await expect(page).toHaveURL(/\/thank-you\?/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Parker");
  await context.close();
});

test("HTTP clients post with the public Origin; the lead keeps the address nginx appended", async () => {
  const lead = await client!.post("/api/leads", {
    data: {
      firstName: "Jordan",
      lastName: "Json",
      email: uniqueEmail("proxied-json"),
      phone: "6175550166",
      service: "Bathroom Remodeling",
      projectType: "Commercial",
      source: "Google",
      agreeToContact: true,
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const { id } = (await lead.json()) as { id: string };

  // nginx appended the address it was reached from (127.0.0.1) after the client's entry.
  await staffPage!.goto(`/admin/leads/${id}`);
  const address = staffPage!
    .locator("dt", { hasText: /^Address$/ })
    .locator("xpath=following-sibling::dd[1]");
  await expect(address).toHaveText("127.0.0.1");

  const login = await client!.post("/admin/login", {
    form: { email: admin.email, password: admin.password },
    maxRedirects: 0,
  });
  expect(login.status(), "the sign-in post is not refused").not.toBe(400);
  expect(login.status()).toBe(302);
  expect(login.headers().location).toMatch(/\/admin\/dashboard/);
});

test("a post with a foreign Origin is still refused behind the proxy", async () => {
  const foreign = await playwrightRequest.newContext({
    baseURL: proxy!.url,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { Origin: "https://evil.example" },
  });
  const lead = await foreign.post("/api/leads", {
    data: { firstName: "Eve", lastName: "Elsewhere", email: uniqueEmail("foreign") },
  });
  expect(lead.status()).toBeGreaterThanOrEqual(400);
  const login = await foreign.post("/admin/login", {
    form: { email: admin.email, password: admin.password },
    maxRedirects: 0,
  });
  expect(login.status()).toBeGreaterThanOrEqual(400);
  expect(login.headers()["set-cookie"]).toBeUndefined();
  await foreign.dispose();
});
