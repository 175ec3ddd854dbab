import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commissions, payouts, referralClicks } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { insertAffiliate } from "~/modules/affiliates/affiliate-records.server";
import {
  affiliateContext,
  type PortalAffiliate,
} from "~/modules/affiliates/affiliate-guard.server";
import { REFERRAL_LINK_MESSAGES } from "~/modules/affiliates/referral-links";
import { runtimeContext } from "~/modules/platform/context";
import type { Runtime } from "~/modules/platform/runtime.server";
import { insertLead } from "~/modules/webhooks/test-support.server";
import * as dashboardRoute from "./dashboard";
import * as leadsRoute from "./leads";
import * as linksQrRoute from "./links-qr";
import * as linksRoute from "./links";
import * as payoutsRoute from "./payouts";
import * as statementCsvRoute from "./statement-csv";
import * as statementRoute from "./statement";

/**
 * The portal's pages as the server renders them for a signed-in affiliate: each loader on a
 * real database with the context the guard leaves, then its component. The guard itself
 * and the browser's side are tested end to end.
 */

const ORIGIN = "https://www.lumenbath.example";
let database: TestDatabase;
let harbor: PortalAffiliate;
let quiet: PortalAffiliate;

function portalAffiliate(id: string, code: string): PortalAffiliate {
  return {
    id,
    name: `Partner ${code}`,
    email: `${code}@example.com`,
    code,
    phone: null,
    company: null,
    payoutDetails: null,
    twoFactorEnabled: false,
    assuranceLevel: "aal1",
    sessionId: "session",
  };
}

/** What the guard leaves in the context: the running services and the affiliate. */
function guardedContext(affiliate: PortalAffiliate) {
  const context = new RouterContextProvider();
  // Only what the portal's loaders read of the runtime.
  context.set(runtimeContext, {
    db: database.db,
    config: { publicUrl: new URL(ORIGIN) },
  } as unknown as Runtime);
  context.set(affiliateContext, affiliate);
  return context;
}

interface PageModule {
  default: React.ComponentType<never>;
  loader: (args: never) => Promise<unknown>;
}

/** Runs the page's loader for `url`, then renders its component with the data. */
async function renderPage(page: PageModule, url: string, affiliate: PortalAffiliate) {
  const request = new Request(`${ORIGIN}${url}`);
  const loaderData = await page.loader({
    request,
    context: guardedContext(affiliate),
    params: {},
  } as never);
  const path = new URL(request.url).pathname;
  const Stub = createRoutesStub([
    { id: "page", path, Component: page.default as React.ComponentType, loader: () => loaderData },
  ]);
  return renderToStaticMarkup(
    <Stub initialEntries={[url]} hydrationData={{ loaderData: { page: loaderData } }} />,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  // The company's minimum payout ($50.00 by default) for the dashboard's next payout.
  await ensureCompanySettings(database.db);
  const harborId = await insertAffiliate(database.db, {
    code: "harbor-design",
    name: "Harbor",
    email: "harbor@example.com",
    status: "approved",
  });
  const quietId = await insertAffiliate(database.db, {
    code: "quiet-partner",
    name: "Quiet",
    email: "quiet@example.com",
    status: "approved",
  });
  harbor = portalAffiliate(harborId!, "harbor-design");
  quiet = portalAffiliate(quietId!, "quiet-partner");
  await database.db
    .insert(referralClicks)
    .values({ code: "harbor-design", affiliateId: harborId!, landingPath: "/" });
  const marguerite = await insertLead(database.db, {
    affiliateId: harborId!,
    affiliateCode: "harbor-design",
    firstName: "Marguerite",
    lastName: "Oyelaran",
    email: "marguerite@customer.example",
    phone: "+16175550123",
    status: "contacted",
  });
  await insertLead(database.db, {
    affiliateId: harborId!,
    affiliateCode: "harbor-design",
    firstName: "Harbor",
    lastName: "Self",
    email: "harbor@example.com",
    selfReferral: true,
  });
  // Earned and paid: $200.00 paid by bank transfer, then a $30.00 correction owed.
  const [paid] = await database.db
    .insert(payouts)
    .values({
      affiliateId: harborId!,
      amountCents: 20_000,
      method: "bank_transfer",
      reference: "TR-77",
      paidOn: "2026-02-01",
      requestKey: "portal-pages-payout",
    })
    .returning();
  await database.db.insert(commissions).values([
    {
      affiliateId: harborId!,
      leadId: marguerite.id,
      status: "paid",
      amountCents: 20_000,
      jobValueCents: 600_000,
      wonAt: new Date("2026-01-05T15:00:00Z"),
      paidAt: new Date("2026-02-01T15:00:00Z"),
      payoutId: paid!.id,
    },
    {
      affiliateId: harborId!,
      leadId: marguerite.id,
      kind: "adjustment",
      status: "approved",
      amountCents: 3_000,
      note: "Extra vanity",
      createdAt: new Date("2026-02-10T15:00:00Z"),
    },
  ]);
});

afterAll(async () => {
  await database?.destroy();
});

describe("the portal's pages", () => {
  it("draws the dashboard's figures, periods and chart", async () => {
    const html = await renderPage(dashboardRoute, "/affiliate/dashboard?period=7", harbor);
    expect(html).toContain("<h1");
    expect(html).toContain("Welcome, Partner harbor-design.");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>7 days<\/a>/);
    expect(html).toContain('href="/affiliate/dashboard"');
    expect(html).toContain("Leads per click");
    // 2 leads from 1 click.
    expect(html).toContain("200%");
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+"/);
    expect(html).toMatch(/<desc[^>]*>1 click in all; the most, 1, on /);
    expect(html).toContain("Show the numbers");
    expect(html).not.toContain("Oyelaran");
  });

  it("says there is no rate yet when there is nothing to divide by", async () => {
    const html = await renderPage(dashboardRoute, "/affiliate/dashboard", quiet);
    expect(html).toContain("None yet: no clicks in this period");
    expect(html).toContain("No clicks in this period yet.");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>30 days<\/a>/);
  });

  it("lists the affiliate's leads by first name and initial, noting a self-referral", async () => {
    const html = await renderPage(leadsRoute, "/affiliate/leads", harbor);
    expect(html).toContain("Marguerite O.");
    expect(html).toContain("Self-referral");
    expect(html).toContain("Contacted");
    expect(html).not.toMatch(/Oyelaran|customer\.example|5550123/);
  });

  it("tells an affiliate without leads how to get the first one", async () => {
    const html = await renderPage(leadsRoute, "/affiliate/leads", quiet);
    expect(html).toContain("No leads yet");
    expect(html).toContain('href="/affiliate/links"');
  });

  it("answers 404 for a page of leads past the last", async () => {
    await expect(renderPage(leadsRoute, "/affiliate/leads?page=2", harbor)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("shows the main link, and the built link with the refused fields explained", async () => {
    const main = `${ORIGIN}/?aff=harbor-design`;
    const plain = await renderPage(linksRoute, "/affiliate/links", harbor);
    expect(plain).toContain(`value="${main}"`);
    expect(plain).toContain("readOnly");
    expect(plain).toContain(
      `href="/affiliate/links/qr?format=png&amp;link=${encodeURIComponent(main)}"`,
    );
    expect(plain).toContain("<svg");
    expect(plain).not.toContain("The link you built");

    const built = await renderPage(
      linksRoute,
      "/affiliate/links?page=%2Fbathrooms&path=&utm_source=flyer",
      harbor,
    );
    expect(built).toContain("The link you built");
    expect(built).toContain(`value="${ORIGIN}/bathrooms?aff=harbor-design&amp;utm_source=flyer"`);

    const refused = await renderPage(linksRoute, "/affiliate/links?page=%2F&path=%2Fadmin", harbor);
    expect(refused).not.toContain("The link you built");
    expect(refused).toContain(REFERRAL_LINK_MESSAGES.pathClosed);
    expect(refused).toMatch(/aria-invalid="true"/);
  });
});

describe("the portal's earnings pages", () => {
  it("shows the earnings on the dashboard, and when what is owed will be paid", async () => {
    const html = await renderPage(dashboardRoute, "/affiliate/dashboard", harbor);
    expect(html).toContain("Earnings");
    expect(html).toMatch(/Approved<\/dt><dd[^>]*>\$30\.00/);
    expect(html).toMatch(/Paid<\/dt><dd[^>]*>\$200\.00/);
    expect(html).toContain("Paid once it reaches $50.00");
    expect(html).toContain('href="/affiliate/statement"');
  });

  it("lists the affiliate's payouts, and none for another", async () => {
    const html = await renderPage(payoutsRoute, "/affiliate/payouts", harbor);
    expect(html).toContain("Feb 1, 2026");
    expect(html).toContain("$200.00");
    expect(html).toContain("bank transfer");
    expect(html).toContain("TR-77");
    expect(html).toContain('href="/affiliate/statement"');
    const none = await renderPage(payoutsRoute, "/affiliate/payouts", quiet);
    expect(none).toContain("No payouts yet");
    expect(none).not.toContain("TR-77");
  });

  it("draws the statement with its running balance and a CSV link for the period", async () => {
    const html = await renderPage(statementRoute, "/affiliate/statement", harbor);
    expect(html).toContain("Commission for Marguerite O., job $6,000.00, paid");
    expect(html).toContain("Payout by bank transfer, reference TR-77");
    expect(html).toContain("Adjustment for Marguerite O.: Extra vanity, approved");
    expect(html).toContain("-$200.00");
    expect(html).toMatch(/Balance<\/dt><dd[^>]*>\$30\.00/);
    expect(html).toContain('href="/affiliate/statement.csv"');
    expect(html).toContain("print:hidden");
    expect(html).not.toMatch(/Oyelaran|customer\.example/);

    const period = await renderPage(
      statementRoute,
      "/affiliate/statement?from=2026-02-05&to=2026-02-28",
      harbor,
    );
    expect(period).toContain("Balance brought forward");
    expect(period).not.toContain("TR-77");
    expect(period).toContain('href="/affiliate/statement.csv?from=2026-02-05&amp;to=2026-02-28"');
  });

  it("explains a period it cannot read", async () => {
    const html = await renderPage(statementRoute, "/affiliate/statement?from=2026-02-30", harbor);
    expect(html).toContain("Enter a date that exists");
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it("downloads only the signed-in affiliate's lines as CSV", async () => {
    const download = (affiliate: PortalAffiliate, query = "") =>
      statementCsvRoute.loader({
        request: new Request(`${ORIGIN}/affiliate/statement.csv${query}`),
        context: guardedContext(affiliate),
        params: {},
      } as never) as Promise<Response>;
    const own = await download(harbor);
    expect(own.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(own.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="statement-harbor-design-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await own.text();
    expect(csv).toContain(',Payout,"Payout by bank transfer, reference TR-77",-200.00,0.00\r\n');
    expect(csv).toContain(",30.00,30.00\r\n");

    const other = await (await download(quiet, `?affiliate=${harbor.id}`)).text();
    expect(
      other
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter(Boolean),
    ).toHaveLength(1);
    expect((await download(harbor, "?to=soon")).status).toBe(400);
  });
});

describe("a referral link's QR code file", () => {
  const qr = (query: string, affiliate = harbor) =>
    linksQrRoute.loader({
      request: new Request(`${ORIGIN}/affiliate/links/qr?${query}`),
      context: guardedContext(affiliate),
      params: {},
    } as never) as Promise<Response>;
  const linkQuery = (format: string, link: string) =>
    new URLSearchParams({ format, link }).toString();

  it("is a 1024 px PNG to download, named after the code and the page", async () => {
    const response = await qr(linkQuery("png", `${ORIGIN}/bathrooms?aff=harbor-design`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="referral-harbor-design-bathrooms.png"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const view = new DataView(bytes.buffer);
    // IHDR: width and height.
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1024, 1024]);
  });

  it("is an SVG to download", async () => {
    const response = await qr(linkQuery("svg", `${ORIGIN}/?aff=harbor-design&utm_source=flyer`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="referral-harbor-design-home.svg"',
    );
    expect(await response.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it.each([
    ["another affiliate's link", linkQuery("png", `${ORIGIN}/?aff=quiet-partner`)],
    ["another site", linkQuery("png", "https://evil.example/?aff=harbor-design")],
    ["the staff area", linkQuery("svg", `${ORIGIN}/admin?aff=harbor-design`)],
    ["no link", "format=png"],
    ["another format", linkQuery("gif", `${ORIGIN}/?aff=harbor-design`)],
  ])("refuses %s with 400", async (_, query) => {
    const response = await qr(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(response.headers.get("Content-Disposition")).toBeNull();
  });

  it("encodes only the signed-in affiliate's code", async () => {
    const response = await qr(linkQuery("png", `${ORIGIN}/?aff=harbor-design`), quiet);
    expect(response.status).toBe(400);
  });
});
