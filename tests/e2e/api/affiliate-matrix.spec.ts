import { expect, test } from "@playwright/test";
import routes from "../../../app/routes";
import { totpCode } from "../../../app/modules/staff/test-support.server";
import { e2ePartner } from "../support/affiliate";
import { randomTestAddress } from "../support/fixtures";
import { rawRequest, staffCookie, type RawAnswer } from "../support/raw-http";
import { e2eAdmin, e2eEditor } from "../support/staff";

/**
 * The partner portal's authorisation matrix (docs/REQUIREMENTS.md R2.14, R6.1, R6.4): every
 * guarded /affiliate route's loader (GET) and action (POST), and the admin's affiliate
 * screens, for an anonymous visitor, a partner waiting for review, an approved partner at
 * aal1 (no authenticator), a partner with an authenticator at aal1 (password only) and at
 * aal2 (with a code), another partner, an editor and an admin; every guarded route also in
 * the spellings an attacker tries. A partner never reaches the staff area, staff never the
 * portal, and no partner sees another's referrals by naming them.
 */

// One worker: the partner with an authenticator sets it up once, in beforeAll.
test.describe.configure({ mode: "default" });

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

function routesUnder(entries: RouteEntry[], layoutFile: string, inside = false): string[] {
  return entries.flatMap((entry) => {
    const within = inside || entry.file === layoutFile;
    return [
      ...(within && entry.path ? [entry.path] : []),
      ...routesUnder(entry.children ?? [], layoutFile, within),
    ];
  });
}

function allPaths(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path ? [entry.path] : []),
    ...allPaths(entry.children ?? []),
  ]);
}

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const asPath = (route: string) => `/${route.replace(/:[A-Za-z]+/g, SAMPLE_ID)}`;
const portalPaths = routesUnder(routes as RouteEntry[], "routes/affiliate/layout.tsx").map(asPath);
const adminAffiliatePaths = allPaths(routes as RouteEntry[])
  .filter((path) => path.startsWith("admin/affiliates"))
  .map(asPath);

const project = "api";
const partner = {
  pending: e2ePartner("pending", project),
  approved: e2ePartner("approved", project),
  other: e2ePartner("other", project),
  factor: e2ePartner("devices", project),
};

type Who =
  "anonymous" | "pending" | "approved" | "factorAal1" | "factorAal2" | "other" | "editor" | "admin";
const cookies = {} as Record<Who, string>;
let origin: string;
let totpUri: string;

const cookieOf = (answer: RawAnswer, previous = "") => {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const header of [answer.headers["set-cookie"] ?? []].flat()) {
    const pair = header.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
};

async function post(path: string, form: Record<string, string>, cookie = "") {
  return rawRequest(origin, path, {
    method: "POST",
    headers: {
      Origin: origin,
      "X-Forwarded-For": randomTestAddress(),
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

async function get(path: string, cookie = "") {
  return rawRequest(origin, path, {
    headers: { "X-Forwarded-For": randomTestAddress(), ...(cookie ? { Cookie: cookie } : {}) },
  });
}

const signIn = async (login: { email: string; password: string }) =>
  post("/affiliate/login", { email: login.email, password: login.password });

/** A code from the authenticator, taken until the server accepts it (one per 30 s window). */
async function withCode(send: (code: string) => Promise<RawAnswer>): Promise<RawAnswer> {
  let answer = await send(totpCode(totpUri));
  if (answer.status !== 302) {
    await new Promise((resolve) => setTimeout(resolve, 31_000 - (Date.now() % 30_000)));
    answer = await send(totpCode(totpUri));
  }
  return answer;
}

test.beforeAll(async ({ baseURL }, testInfo) => {
  // A retry runs this again on the same server: its authenticator goes on another partner.
  if (testInfo.retry > 0) partner.factor = e2ePartner("scopes", project);
  test.setTimeout(120_000);
  origin = new URL(baseURL!).origin;
  cookies.anonymous = "";
  [cookies.editor, cookies.admin] = await Promise.all([
    staffCookie(baseURL!, e2eEditor()),
    staffCookie(baseURL!, e2eAdmin()),
  ]);

  // Waiting for review: the password is right, the answer says so, and no session is made.
  const pending = await signIn(partner.pending);
  expect(pending.status).toBe(403);
  expect(pending.body).toContain("Your application is waiting for review.");
  cookies.pending = cookieOf(pending);
  expect(cookies.pending).not.toContain("session_token");

  cookies.approved = cookieOf(await signIn(partner.approved));
  cookies.other = cookieOf(await signIn(partner.other));
  expect(cookies.approved).toContain("session_token");

  // The partner with an authenticator sets it up in a session of their own...
  let setup = cookieOf(await signIn(partner.factor));
  const start = await post(
    "/affiliate/profile",
    { formId: "two-factor-start", intent: "two-factor-start", password: partner.factor.password },
    setup,
  );
  expect(start.status).toBe(302);
  const profile = await get("/affiliate/profile", setup);
  const key = /Setup key: <\/span>(?:<!-- -->)?([A-Z2-7 ]+)</.exec(profile.body)?.[1];
  expect(key, "the setup key on the profile page").toBeTruthy();
  totpUri = `otpauth://totp/Partner?secret=${key!.replace(/\s+/g, "")}`;
  const confirmed = await withCode((code) =>
    post(
      "/affiliate/profile",
      { formId: "two-factor-confirm", intent: "two-factor-confirm", code },
      setup,
    ),
  );
  setup = cookieOf(confirmed, setup);
  // ...then signs in twice: once with the password only (aal1), once with a code too (aal2).
  const passwordOnly = await signIn(partner.factor);
  expect(passwordOnly.status).toBe(302);
  expect(passwordOnly.headers.location).toMatch(/^\/affiliate\/login\/two-factor/);
  cookies.factorAal1 = cookieOf(passwordOnly);
  const secondStep = cookieOf(await signIn(partner.factor));
  const withTotp = await withCode((code) =>
    post("/affiliate/login/two-factor", { code }, secondStep),
  );
  expect(withTotp.headers.location).toBe("/affiliate/dashboard");
  cookies.factorAal2 = cookieOf(withTotp, secondStep);
});

const sentToSignIn = (answer: RawAnswer) =>
  answer.status === 302 && /^\/affiliate\/login\?returnTo=/.test(answer.headers.location ?? "");

test("the guarded portal routes are the ones the layout holds", () => {
  expect(portalPaths).toEqual(
    expect.arrayContaining([
      "/affiliate/dashboard",
      "/affiliate/links",
      "/affiliate/leads",
      "/affiliate/profile",
    ]),
  );
  expect(adminAffiliatePaths).toEqual([
    "/admin/affiliates",
    "/admin/affiliates/statements.csv",
    `/admin/affiliates/${SAMPLE_ID}`,
  ]);
});

for (const path of portalPaths) {
  test(`${path}: only an approved partner at the level they need gets in`, async () => {
    for (const method of ["GET", "POST"] as const) {
      const ask = (who: Who) =>
        method === "GET" ? get(path, cookies[who]) : post(path, { intent: "matrix" }, cookies[who]);
      for (const who of ["anonymous", "pending", "factorAal1", "editor", "admin"] as const) {
        const answer = await ask(who);
        expect(sentToSignIn(answer), `${who} ${method} ${path}: ${answer.status}`).toBe(true);
      }
      for (const who of ["approved", "factorAal2", "other"] as const) {
        const answer = await ask(who);
        const label = `${who} ${method} ${path}: ${answer.status}`;
        expect(answer.status, label).toBeLessThan(500);
        expect(sentToSignIn(answer), label).toBe(false);
        expect([401, 403], label).not.toContain(answer.status);
      }
    }
  });

  test(`${path} in every spelling: never past the guard without a session`, async () => {
    const segments = path.split("/").filter(Boolean);
    const spellings = [
      path.toUpperCase(),
      `/${segments.map((s) => s.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)).join("/")}`,
      `${path}/`,
      `${path}.data`,
      path.replace("/affiliate/", "/affiliate//"),
      `/${path}`,
    ];
    for (const spelling of spellings) {
      for (const who of ["anonymous", "editor", "factorAal1"] as const) {
        const answer = await get(spelling, cookies[who]);
        const label = `${who} GET ${spelling}: ${answer.status}`;
        expect(answer.status, label).toBeLessThan(500);
        // Sent to sign in, or not routed at all: never the page.
        expect(answer.status === 200, label).toBe(false);
        if (answer.status === 200 || answer.status === 204)
          expect(answer.body).not.toContain("Partner portal");
      }
    }
  });
}

for (const path of adminAffiliatePaths) {
  test(`${path}: partners never reach the staff area; editors are refused; admins pass`, async () => {
    for (const method of ["GET", "POST"] as const) {
      const ask = (who: Who) =>
        rawRequest(origin, path, {
          method,
          headers: {
            Origin: origin,
            "X-Forwarded-For": randomTestAddress(),
            ...(cookies[who] ? { Cookie: cookies[who] } : {}),
            ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
          body: method === "POST" ? "intent=matrix" : undefined,
        });
      for (const who of ["anonymous", "approved", "factorAal2", "other"] as const) {
        expect((await ask(who)).status, `${who} ${method} ${path}`).toBe(401);
      }
      expect((await ask("editor")).status, `editor ${method} ${path}`).toBe(403);
      const admin = await ask("admin");
      expect([401, 403], `admin ${method} ${path}`).not.toContain(admin.status);
      expect(admin.status).toBeLessThan(500);
    }
  });
}

test("a partner sees their own referrals only, and no id in a request shows another's", async () => {
  const stamp = `${Date.now()}`;
  const lead = await rawRequest(origin, "/api/leads", {
    method: "POST",
    headers: {
      Origin: origin,
      "X-Forwarded-For": randomTestAddress(),
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      firstName: "Xanthe",
      lastName: `Zed${stamp}`,
      email: `xanthe.${stamp}@example.com`,
      phone: "6175550166",
      service: "Bathroom Remodeling",
      projectType: "Home",
      source: "Google",
      agreeToContact: true,
      agreeToAllPresent: true,
      affiliate_code: partner.other.code,
    }),
  });
  expect(lead.status).toBe(201);

  const theirs = await get("/affiliate/leads", cookies.other);
  expect(theirs.body).toContain("Xanthe Z.");
  expect(theirs.body).not.toContain(`Zed${stamp}`);
  expect(theirs.body).not.toContain(`xanthe.${stamp}@example.com`);
  const mine = await get("/affiliate/leads", cookies.approved);
  expect(mine.status).toBe(200);
  expect(mine.body).not.toContain("Xanthe Z.");

  // The QR code is only ever of the signed-in partner's own link.
  const otherLink = `${origin}/?aff=${partner.other.code}`;
  const qr = await get(
    `/affiliate/links/qr?format=svg&link=${encodeURIComponent(otherLink)}`,
    cookies.approved,
  );
  expect(qr.status).toBe(400);
  const own = await get(
    `/affiliate/links/qr?format=svg&link=${encodeURIComponent(`${origin}/?aff=${partner.approved.code}`)}`,
    cookies.approved,
  );
  expect(own.status).toBe(200);
});
