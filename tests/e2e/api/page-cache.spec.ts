import { expect, test } from "@playwright/test";
import { randomTestAddress } from "../support/fixtures";
import { rawRequest, staffCookie, type RawAnswer } from "../support/raw-http";
import { e2eAdmin } from "../support/staff";

/**
 * The page cache (docs/decisions/015-page-cache.md), the way a visitor and an attacker use
 * it: a public page is shared and revalidated with its ETag; nothing made for one person
 * (staff screens in any spelling, a signed-in visitor's page, the greeting after a form, a
 * landing that attribution records) is ever kept or served to someone else.
 */

/** A shared answer carries the cache's validator; a rendered one never does. */
const shared = (answer: RawAnswer) =>
  answer.headers["cache-control"] === "no-cache" && /^W\/"/.test(answer.headers.etag ?? "");

const cookieNamed = (answer: RawAnswer, name: string) =>
  (answer.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`${name}=`));

let adminCookie: string;

test.beforeAll(async ({ baseURL }) => {
  adminCookie = await staffCookie(baseURL!, e2eAdmin());
});

test("a public page is the same answer for everyone, revalidated with its ETag", async ({
  baseURL,
}) => {
  await rawRequest(baseURL!, "/about-us");
  const first = await rawRequest(baseURL!, "/about-us", { headers: { "Accept-Encoding": "br" } });
  const second = await rawRequest(baseURL!, "/about-us");
  expect(first.status).toBe(200);
  expect(shared(first)).toBe(true);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(second.body).toContain("</html>");
  // Its security headers are those of the page, hash-based CSP included.
  expect(first.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  expect(first.headers["x-frame-options"]).toBe("DENY");
  expect(first.headers["x-request-id"]).toBeTruthy();
  expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);

  const revalidated = await rawRequest(baseURL!, "/about-us", {
    headers: { "If-None-Match": first.headers.etag! },
  });
  expect(revalidated.status).toBe(304);
  expect(revalidated.body).toBe("");

  // A new visitor gets the consultation form's token with it; one holding a fresh token does not.
  const token = cookieNamed(first, "lm_form");
  expect(token).toMatch(/^lm_form=[\w.-]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
  const returning = await rawRequest(baseURL!, "/about-us", {
    headers: { Cookie: token!.split(";")[0]! },
  });
  expect(shared(returning)).toBe(true);
  expect(cookieNamed(returning, "lm_form")).toBeUndefined();
});

test("a kept page is the same answer whichever way the server reads the request", async ({
  baseURL,
}) => {
  // A plain address is answered before the app sees it (server/fast-hits.ts); an address
  // with an empty query, or a GET with a body, goes through the app's middleware instead.
  await rawRequest(baseURL!, "/about-us");
  const headers = { "Accept-Encoding": "gzip", Cookie: "returning=1" };
  const short = await rawRequest(baseURL!, "/about-us", { headers });
  const long = await rawRequest(baseURL!, "/about-us?", { headers });
  // Each on a connection of its own: an answer that comes before the whole body was sent
  // leaves Node's own client unable to reuse the connection.
  const closing = { ...headers, Connection: "close" };
  const withBody = await rawRequest(baseURL!, "/about-us", {
    headers: closing,
    body: "x".repeat(100),
  });
  const chunked = await rawRequest(baseURL!, "/about-us", {
    headers: closing,
    body: [Buffer.from("x".repeat(10)), Buffer.from("y".repeat(10))],
  });
  const comparable = (answer: RawAnswer) => {
    const {
      date,
      connection: _connection,
      "keep-alive": _keepAlive,
      "x-request-id": requestId,
      "set-cookie": cookies,
      ...rest
    } = answer.headers;
    expect(date).toBeTruthy();
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    return { status: answer.status, headers: rest, cookies: cookies?.length, body: answer.body };
  };
  expect(shared(short)).toBe(true);
  expect(short.headers["content-encoding"]).toBe("gzip");
  expect(short.headers["x-content-type-options"]).toBe("nosniff");
  expect(comparable(long)).toEqual(comparable(short));
  expect(comparable(withBody)).toEqual(comparable(short));
  expect(comparable(chunked)).toEqual(comparable(short));

  const head = await rawRequest(baseURL!, "/about-us", { method: "HEAD", headers });
  expect(head.status).toBe(200);
  expect(head.body).toBe("");
  expect(head.headers["content-length"]).toBe(short.headers["content-length"]);
  expect(head.headers.etag).toBe(short.headers.etag);
});

test("staff screens are never kept, in any spelling, and a signed-in person's pages are rendered for them", async ({
  baseURL,
}) => {
  const spellings = [
    "/admin/dashboard",
    "/ADMIN/DASHBOARD",
    "/%61dmin/dashboard",
    "/admin//dashboard",
    "/admin/dashboard/",
    "/Admin/Dashboard/",
    "/qr-analytics",
    "/QR-Analytics/",
  ];
  for (const path of spellings) {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const asStaff = await rawRequest(baseURL!, path, { headers: { Cookie: adminCookie } });
      expect(shared(asStaff), path).toBe(false);
      const anonymous = await rawRequest(baseURL!, path);
      expect(shared(anonymous), path).toBe(false);
      expect(anonymous.body, path).not.toContain("Sign out");
    }
  }
  // The staff member's public pages are rendered for them, never kept.
  await rawRequest(baseURL!, "/bathrooms");
  const signedIn = await rawRequest(baseURL!, "/bathrooms", { headers: { Cookie: adminCookie } });
  expect(signedIn.status).toBe(200);
  expect(shared(signedIn)).toBe(false);
});

test("pages made for one visitor are never kept", async ({ baseURL }) => {
  for (const path of [
    "/thank-you",
    "/leave-review",
    "/giveaway",
    "/affiliate/login",
    "/affiliate/signup",
    "/admin/login",
    "/no-such-page",
  ]) {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await rawRequest(baseURL!, path);
      expect(shared(answer), path).toBe(false);
    }
  }
  // Two visitors of /leave-review get forms with tokens of their own.
  const token = (answer: RawAnswer) =>
    /name="formStartedAt" value="([^"]+)"/.exec(answer.body)?.[1];
  const [one, two] = await Promise.all([
    rawRequest(baseURL!, "/leave-review"),
    rawRequest(baseURL!, "/leave-review"),
  ]);
  expect(token(one)).toBeTruthy();
  expect(token(one)).not.toBe(token(two));
});

test("a landing with tracking parameters or from another site is rendered and attributed", async ({
  baseURL,
}) => {
  await rawRequest(baseURL!, "/tv");
  const campaign = await rawRequest(baseURL!, "/tv?utm_source=tv&utm_campaign=spring");
  expect(shared(campaign)).toBe(false);
  expect(cookieNamed(campaign, "lm_visitor")).toMatch(/HttpOnly/i);

  const fromSearch = await rawRequest(baseURL!, "/tv", {
    headers: { Referer: "https://www.google.com/" },
  });
  expect(shared(fromSearch)).toBe(false);
  expect(cookieNamed(fromSearch, "lm_visitor")).toBeTruthy();

  const referral = await rawRequest(baseURL!, "/tv?aff=abc_123");
  expect(shared(referral)).toBe(false);
  expect(cookieNamed(referral, "lm_affiliate")).toBeTruthy();

  // From one of our own pages, the shared page is right.
  const internal = await rawRequest(baseURL!, "/tv", {
    headers: { Referer: `${new URL(baseURL!).origin}/about-us` },
  });
  expect(shared(internal)).toBe(true);
  expect(cookieNamed(internal, "lm_visitor")).toBeUndefined();
});

test("a form-token cookie the server never gave is refused quietly, never with a 5xx", async ({
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const forged = [
    "",
    "%00",
    "a.b.c",
    "zzzzzz.%E2%80%AE%E2%80%AD.sig",
    `${"9".repeat(40)}.nonce.sig`,
    "x".repeat(3000),
    "mwz5gg94.kyyjT2L1njaM.lKhqtySb3kz883pnrN-0hB%0D%0A",
    "%F0%9F%98%80.%ED%A0%80.%5C%22",
  ];
  for (const value of forged) {
    const cookie = `lm_form=${value}`;
    const page = await rawRequest(baseURL!, "/about-us", { headers: { Cookie: cookie } });
    expect(page.status, value).toBe(200);
    // The browser is given a token of the server's own instead.
    expect(cookieNamed(page, "lm_form"), value).toMatch(/^lm_form=[\w-]+\.[\w-]+\.[\w-]+;/);
    const post = await rawRequest(baseURL!, "/api/leads", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
        Cookie: cookie,
        "X-Forwarded-For": randomTestAddress(),
      },
      body: new URLSearchParams({ firstName: "Forged", email: "forged@example.com" }).toString(),
    });
    expect(post.status, value).toBeLessThan(500);
  }
});
