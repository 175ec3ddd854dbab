import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from "@playwright/test";
import routes from "../../../app/routes";
import { areaForPath, canOpen, type StaffRole } from "../../../app/modules/staff/permissions";
import { randomTestAddress } from "../support/fixtures";
import { e2eAdmin, e2eEditor, signInRequest } from "../support/staff";

/**
 * The authorisation matrix: every guarded admin route's loader (GET) and action (POST),
 * for an anonymous visitor, an editor and an admin, answers as the permission table says.
 */

const ACCESS_DENIED = "Access Denied - Please log in to access the admin panel.";
const INSUFFICIENT =
  "Insufficient Permissions - You don't have permission to access this resource.";
/** A page (HTML, apostrophes escaped) or a resource route's JSON: the text either way. */
const bodyText = async (answer: { text(): Promise<string> }) =>
  (await answer.text()).replaceAll("&#x27;", "'");
/** Routes outside the guard: the sign-in pages and the /admin redirect. */
const PUBLIC_ADMIN = new Set([
  "admin",
  "admin/login",
  "admin/login/two-factor",
  "admin/logout",
  "admin/set-password",
]);

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

/**
 * The routes under the staff layout: those under /admin, and those with an address of
 * their own behind the same guard (/qr-analytics, docs/REQUIREMENTS.md R15.4).
 */
function adminPaths(entries: RouteEntry[], guarded = false): string[] {
  return entries.flatMap((entry) => {
    const inside = guarded || entry.file === "routes/admin/layout.tsx";
    return [
      ...(inside && entry.path && !PUBLIC_ADMIN.has(entry.path) ? [entry.path] : []),
      ...adminPaths(entry.children ?? [], inside),
    ];
  });
}

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const guardedPaths = adminPaths(routes as RouteEntry[]).map(
  (path) => `/${path.replace(/:[A-Za-z]+/g, SAMPLE_ID)}`,
);

let anonymous: APIRequestContext;
let editor: APIRequestContext;
let admin: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  // Each client its own address: sign-in limits are per address.
  const client = () =>
    playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL!, "X-Forwarded-For": randomTestAddress() },
    });
  [anonymous, editor, admin] = await Promise.all([client(), client(), client()]);
  await Promise.all([signInRequest(editor, e2eEditor()), signInRequest(admin, e2eAdmin())]);
});

test.afterAll(async () => {
  await Promise.all([anonymous, editor, admin].map((client) => client?.dispose()));
});

test("every guarded admin route has a rule in the permission table", () => {
  expect(guardedPaths.length).toBeGreaterThan(5);
  // Content screens editors use (docs/REQUIREMENTS.md R12.7, R15.5).
  expect(guardedPaths).toEqual(
    expect.arrayContaining(["/admin/redirects", "/admin/redirects/export", "/admin/visualizer"]),
  );
  // Admin-only screens and their downloads (docs/REQUIREMENTS.md R14.5).
  expect(guardedPaths).toEqual(
    expect.arrayContaining(["/admin/analytics", "/admin/analytics/export.csv"]),
  );
  // Tracked QR codes, their files and analytics (docs/REQUIREMENTS.md R15.3, R15.4), and
  // the giveaway's screens and its entries' CSV (R15.2).
  expect(guardedPaths).toEqual(
    expect.arrayContaining([
      "/admin/qr-codes",
      `/admin/qr-codes/${SAMPLE_ID}/download`,
      `/admin/qr-codes/${SAMPLE_ID}/print`,
      "/qr-analytics",
      "/admin/giveaways",
      "/admin/giveaways/new",
      `/admin/giveaways/${SAMPLE_ID}`,
      `/admin/giveaways/${SAMPLE_ID}/entries.csv`,
    ]),
  );
  for (const path of guardedPaths) expect(areaForPath(path), path).toBeDefined();
});

for (const path of guardedPaths) {
  test(`${path}: anonymous 401, roles as the permission table says`, async () => {
    const area = areaForPath(path)!;

    for (const method of ["GET", "POST"] as const) {
      const answer = await anonymous.fetch(path, {
        method,
        form: method === "POST" ? { intent: "matrix" } : undefined,
        maxRedirects: 0,
      });
      expect(answer.status(), `anonymous ${method} ${path}`).toBe(401);
      if (method === "GET") expect(await bodyText(answer)).toContain(ACCESS_DENIED);
    }

    for (const [role, client] of [
      ["editor", editor],
      ["admin", admin],
    ] as [StaffRole, APIRequestContext][]) {
      const allowed = canOpen(role, area);
      for (const method of ["GET", "POST"] as const) {
        const answer = await client.fetch(path, {
          method,
          form: method === "POST" ? { intent: "matrix" } : undefined,
          maxRedirects: 0,
        });
        const label = `${role} ${method} ${path}`;
        if (allowed) {
          // Past the guard: the route answers for itself (a page, a redirect, a 4xx for
          // the made-up input or id), never the guard's 401 or 403.
          expect([401, 403], label).not.toContain(answer.status());
        } else {
          expect(answer.status(), label).toBe(403);
          if (method === "GET") expect(await bodyText(answer)).toContain(INSUFFICIENT);
        }
      }
    }
  });
}

test("a cross-site POST is refused: to the sign-in and to an admin action", async ({ baseURL }) => {
  const evil = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: "https://evil.example", "X-Forwarded-For": randomTestAddress() },
  });
  const login = await evil.post("/admin/login", {
    form: { email: e2eAdmin().email, password: e2eAdmin().password },
    maxRedirects: 0,
  });
  expect(login.status()).toBeGreaterThanOrEqual(400);
  expect(login.headers()["set-cookie"]).toBeUndefined();
  await evil.dispose();

  // The admin's own session cookie, sent from another site's page.
  const state = await admin.storageState();
  const forged = await playwrightRequest.newContext({
    baseURL,
    storageState: state,
    extraHTTPHeaders: { Origin: "https://evil.example" },
  });
  const action = await forged.post("/admin/logout", { maxRedirects: 0 });
  expect(action.status()).toBeGreaterThanOrEqual(400);
  await forged.dispose();
  // The session survived: the forged sign-out did nothing.
  expect((await admin.get("/admin/dashboard", { maxRedirects: 0 })).status()).toBe(200);
});
