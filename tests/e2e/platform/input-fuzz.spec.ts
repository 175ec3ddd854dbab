import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { hashPassword } from "better-auth/crypto";
import { readFileSync } from "node:fs";
import { randomTestAddress } from "../support/fixtures";
import { LEAD_FIELDS } from "../../../app/modules/leads/lead-fields";
import { REVIEW_FIELDS } from "../../../app/modules/reviews/leave-review-fields";
import { seedAffiliates } from "../support/affiliates";
import { rawRequest, staffCookie } from "../support/raw-http";
import { startServer, type RunningServer } from "../support/server";
import { createStaffAccount, type StaffLogin } from "../support/staff";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Every public and staff form field, and every filter in the address, gets strings with
 * NUL, lone surrogates, control, direction and zero-width characters (fast-check): the
 * answer is never a 5xx and the server logs no error. A server of its own, since the
 * staff forms change settings and accounts.
 */

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string | undefined;
let admin: StaffLogin;
let adminCookie: string;
/** A signed-in affiliate, for the portal's own forms. */
let partnerCookie: string;
const PARTNER = {
  name: "Fuzz Partner",
  email: "fuzz.partner@partners.example",
  code: "fuzz-partner",
  password: "the fuzz partner's long password",
};
let origin: string;
/** A token the leave-review page served. */
let reviewFormToken: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "lumen-fuzz-"));
  admin = createStaffAccount({ DATA_DIR: dataDir }, "fuzz.admin@lumenbath.example", "admin");
  const { password, ...partner } = PARTNER;
  seedAffiliates(dataDir, [
    { ...partner, status: "approved", passwordHash: await hashPassword(password) },
  ]);
  server = await startServer({ dataDir, env: { TRUST_PROXY: "true" } });
  origin = new URL(server.baseUrl).origin;
  adminCookie = await staffCookie(server.baseUrl, admin);
  const reviewPage = await rawRequest(server.baseUrl, "/leave-review");
  reviewFormToken = /name="formStartedAt" value="([^"]+)"/.exec(reviewPage.body)?.[1] ?? "";
  partnerCookie = await affiliateCookie();
});

test.afterAll(async () => {
  try {
    if (server) expect(await server.stop()).toBe(0);
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
});

const NASTY = [
  "\u0000",
  "\uD800",
  "\uDFFF",
  "\u202E",
  "\u2066",
  "\u200B",
  "\u200F",
  "\uFEFF",
  "\n",
  "\r\n",
  "\t",
  "\u0007",
  "\u001B[31m",
  "\u0085",
  "\u2028",
  "%00",
  "'",
  '"',
  "<script>",
  "=1+1",
  "../",
  "😀",
  "Zoë",
];

/** Text made of those pieces and ordinary words, sometimes long. */
const nastyText = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 6 })), { maxLength: 10 })
      .map((parts) => parts.join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(5000), "\u0000".repeat(300)) },
);

/** Tried on every field besides the random ones, so the worst cases run every time. */
const ALWAYS_TRIED: [string][] = [["\u0000"], ["a\uD800b"], ["x".repeat(5000)], ["\u202E\u200B"]];

/**
 * Percent-encodes as a browser would, except that a lone surrogate is written as its
 * (invalid) UTF-8 bytes, the way a hand-made request can.
 */
function encode(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += "%ED%A0%80";
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

const formBody = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join("&");

/** Signs the fuzz partner in through the portal's form and returns its Cookie header. */
async function affiliateCookie(): Promise<string> {
  const answer = await rawRequest(server.baseUrl, "/affiliate/login", {
    method: "POST",
    headers: {
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomTestAddress(),
    },
    body: new URLSearchParams({ email: PARTNER.email, password: PARTNER.password }).toString(),
  });
  if (answer.status !== 302) throw new Error(`The partner's sign-in answered ${answer.status}`);
  return [answer.headers["set-cookie"] ?? []]
    .flat()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

interface FormTarget {
  path: string;
  /** Fields sent with every request, besides the one being fuzzed. */
  base: Record<string, string>;
  fields: string[];
  /** Whose session it is sent with: an admin's, the fuzz partner's (portal), or none. */
  staff: boolean | "partner";
  runs?: number;
  /**
   * Its answers are held back on purpose (sign-in, about a second each): its fields are
   * fuzzed side by side, so the test waits for one field's run instead of all of them.
   */
  answersSlowly?: true;
}

/** The form's own fields, and what it sends besides them. */
const LEAD_POST_FIELDS = [
  ...LEAD_FIELDS,
  "affiliate_code",
  "pagePath",
  "visualizerDesign",
  "website",
  "formStartedAt",
  "tracking.utm_source",
  "tracking.utm_campaign",
  "tracking.gclid",
];

const validLead = {
  firstName: "Fuzz",
  lastName: "Tester",
  email: "fuzz@example.com",
  phone: "6175550100",
  service: "Bathroom Remodeling",
  projectType: "Commercial",
  source: "Other",
  otherSource: "A flyer",
  agreeToContact: "on",
};

const SOME_UUID = "00000000-0000-4000-8000-000000000000";
const PAYMENT = {
  requestKey: "fuzz-request-key-0001",
  method: "check",
  reference: "Check 1001",
  paidOn: "2026-01-15",
};

/** A giveaway in the past: saving it never changes what /giveaway shows. */
const PAST_GIVEAWAY = {
  intent: "save",
  title: "Fuzzed giveaway",
  prize: "A fuzzed prize",
  description: "Fuzzed.",
  startsAt: "2020-01-01T09:00",
  endsAt: "2020-02-01T09:00",
  rulesMarkdown: "## Rules",
};

const FORMS: FormTarget[] = [
  { path: "/api/leads", base: validLead, fields: LEAD_POST_FIELDS, staff: false },
  {
    // The giveaway's entry form (docs/REQUIREMENTS.md R15.2).
    path: "/giveaway",
    base: {
      name: "Fuzz Tester",
      email: "fuzz.giveaway@example.com",
      phone: "6175550100",
      zip: "02169",
      agreeToRules: "on",
    },
    fields: [
      "name",
      "email",
      "phone",
      "zip",
      "agreeToRules",
      "website",
      "formStartedAt",
      "affiliate_code",
      "tracking.utm_source",
    ],
    staff: false,
  },
  {
    path: "/admin/giveaways/new",
    base: PAST_GIVEAWAY,
    fields: [
      "intent",
      "giveawayId",
      "title",
      "prize",
      "description",
      "startsAt",
      "endsAt",
      "rulesMarkdown",
      "currentImageId",
      "removeImage",
    ],
    staff: true,
    runs: 4,
  },
  {
    // The demo giveaway is still running: every draw is refused, never a 5xx.
    path: "/admin/giveaways/1",
    base: { intent: "draw", giveawayId: "1" },
    fields: ["intent", "giveawayId"],
    staff: true,
  },
  {
    path: "/admin/login",
    base: { email: "nobody@example.com", password: "wrong password" },
    fields: ["email", "password", "rememberMe", "returnTo", "website"],
    staff: false,
    runs: 3,
    answersSlowly: true,
  },
  {
    path: "/admin/set-password",
    base: { token: "not-a-token", password: "x", confirmPassword: "x" },
    fields: ["token", "password", "confirmPassword"],
    staff: false,
  },
  {
    path: "/affiliate/login",
    base: { email: "nobody@example.com", password: "wrong password" },
    fields: ["email", "password", "returnTo", "website"],
    staff: false,
    runs: 3,
    answersSlowly: true,
  },
  {
    path: "/affiliate/signup",
    base: {
      name: "Fuzz Partner",
      email: "fuzz-partner@example.com",
      phone: "6175550100",
      howTheyKnow: "Fuzzing",
      password: "x",
      confirmPassword: "x",
    },
    fields: [
      "name",
      "email",
      "phone",
      "company",
      "howTheyKnow",
      "code",
      "password",
      "website",
      "formToken",
    ],
    staff: false,
  },
  {
    path: "/affiliate/forgot-password",
    base: { email: "nobody@example.com" },
    fields: ["email", "website"],
    staff: false,
    runs: 3,
    answersSlowly: true,
  },
  {
    path: "/affiliate/reset-password",
    base: { token: "not-a-token", password: "x", confirmPassword: "x" },
    fields: ["token", "password", "confirmPassword"],
    staff: false,
  },
  {
    path: "/admin/staff",
    base: { intent: "invite", role: "editor", name: "Fuzzed", email: "fuzzed@example.com" },
    fields: ["intent", "name", "email", "role", "userId"],
    staff: true,
  },
  {
    path: "/admin/settings",
    base: { intent: "profile" },
    fields: [
      "intent",
      "name",
      "phone",
      "email",
      "streetAddress",
      "addressLocality",
      "postalCode",
      "url",
    ],
    staff: true,
  },
  {
    path: "/admin/settings",
    base: { intent: "referral" },
    fields: ["referralByName"],
    staff: true,
  },
  {
    path: "/admin/settings",
    base: { intent: "notifications" },
    fields: ["notificationEmails"],
    staff: true,
  },
  {
    path: "/admin/settings",
    base: { intent: "hours" },
    fields: ["openingHours[0].days", "openingHours[0].opens", "openingHours[0].closes"],
    staff: true,
  },
  {
    path: "/admin/settings",
    base: { intent: "webhook-create", url: "https://hooks.example.com/x" },
    fields: ["url", "description", "enabled", "endpointId"],
    staff: true,
  },
  {
    path: "/admin/account",
    base: { intent: "password", currentPassword: "wrong", password: "x", confirmPassword: "x" },
    fields: ["intent", "currentPassword", "password", "confirmPassword", "code"],
    staff: true,
  },
  {
    path: "/admin/reviews",
    base: { intent: "publish", reviewId: "1" },
    fields: ["intent", "reviewId"],
    staff: true,
  },
  {
    path: "/admin/leads/spam",
    base: { intent: "not_spam", spamId: "00000000-0000-4000-8000-000000000000" },
    fields: ["intent", "spamId"],
    staff: true,
  },
  {
    path: "/admin/posts/new",
    base: {
      intent: "save",
      title: "Fuzzed post",
      authorId: "1",
      categoryIds: "1",
      status: "draft",
    },
    fields: [
      "intent",
      "postId",
      "title",
      "slug",
      "excerpt",
      "body",
      "authorId",
      "categoryIds",
      "status",
      "publishAt",
      "seoTitle",
      "seoDescription",
      "coverAlt",
      "currentCoverId",
      "removeCover",
      "currentSocialId",
    ],
    staff: true,
    runs: 4,
  },
  {
    path: "/admin/posts/1/edit",
    base: { intent: "restore", postId: "1", revisionId: "1" },
    fields: ["intent", "postId", "revisionId"],
    staff: true,
  },
  {
    path: "/admin/posts",
    base: { intent: "unpublish", postIds: "999999" },
    fields: ["intent", "postIds"],
    staff: true,
  },
  { path: "/admin/posts/preview", base: {}, fields: ["markdown"], staff: true },
  {
    path: "/admin/authors",
    base: { intent: "create", name: "Fuzzed Author" },
    fields: [
      "intent",
      "id",
      "name",
      "slug",
      "title",
      "bio",
      "photoAlt",
      "currentPhotoId",
      "moveTo",
    ],
    staff: true,
  },
  {
    path: "/admin/categories",
    base: { intent: "create", name: "Fuzzed Category" },
    fields: ["intent", "id", "name", "slug", "description", "moveTo"],
    staff: true,
  },
  {
    path: "/admin/redirects",
    base: { intent: "create", fromPath: "/fuzzed-old", toPath: "/bathrooms", type: "301" },
    fields: ["intent", "id", "fromPath", "toPath", "type", "isActive"],
    staff: true,
  },
  {
    // Tracked QR codes (docs/REQUIREMENTS.md R15.3): the slug is taken after the first
    // save, so the rest are refused before their image is drawn.
    path: "/admin/qr-codes",
    base: {
      intent: "create",
      name: "Fuzzed QR",
      slug: "fuzzed-qr",
      target: "/bathrooms",
      errorCorrection: "M",
      foreground: "#1f2a2e",
      background: "#ffffff",
    },
    fields: [
      "intent",
      "id",
      "name",
      "slug",
      "target",
      "utmSource",
      "utmTerm",
      "foreground",
      "background",
      "errorCorrection",
      "logoImageId",
      "enabled",
    ],
    staff: true,
  },
  {
    path: "/admin/qr-codes",
    base: { intent: "disable", id: "1" },
    fields: ["intent", "id"],
    staff: true,
  },
  {
    path: "/admin/visualizer",
    base: {
      intent: "create",
      category: "paint",
      name: "Fuzzed paint",
      key: "fuzzed-paint",
      swatch: "#aabbcc",
      style: "plain",
    },
    fields: [
      "intent",
      "id",
      "category",
      "name",
      "key",
      "swatch",
      "accent",
      "style",
      "sortOrder",
      "active",
    ],
    staff: true,
  },
  {
    path: "/admin/not-found",
    base: { intent: "dismiss", entryId: "1" },
    fields: ["intent", "entryId"],
    staff: true,
  },
  {
    path: "/admin/settings",
    base: { intent: "commissions", commissionFlatCents: "500", commissionHoldDays: "30" },
    fields: [
      "commissionFlatCents",
      "commissionPercentBasisPoints",
      "commissionPercentCapCents",
      "commissionCombination",
      "commissionMinJobValueCents",
      "commissionHoldDays",
    ],
    staff: true,
  },
  {
    path: "/admin/payments/new",
    base: { intent: "record", ...PAYMENT, affiliateId: SOME_UUID, commissionIds: SOME_UUID },
    fields: ["intent", "affiliateId", "commissionIds", ...Object.keys(PAYMENT)],
    staff: true,
  },
  {
    path: "/admin/payments/new",
    base: { intent: "record-several", ...PAYMENT, affiliateIds: SOME_UUID },
    fields: ["affiliateIds", "requestKey", "paidOn"],
    staff: true,
  },
  {
    path: "/admin/affiliates",
    base: { intent: "invite", name: "Fuzzed Partner", email: "fuzzed-partner@example.com" },
    fields: ["intent", "name", "email", "phone", "company", "code"],
    staff: true,
  },
  {
    path: "/affiliate/profile",
    base: { intent: "profile", name: "Fuzz Partner", phone: "6175550100" },
    fields: ["intent", "name", "phone", "company", "payoutDetails"],
    staff: "partner",
  },
  {
    path: "/affiliate/profile",
    base: { intent: "password", currentPassword: "wrong", password: "x", confirmPassword: "x" },
    fields: ["currentPassword", "password", "confirmPassword"],
    staff: "partner",
    runs: 3,
  },
  {
    path: "/admin/payments",
    base: { intent: "void", payoutId: SOME_UUID, reason: "Fuzzed" },
    fields: ["intent", "payoutId", "reason"],
    staff: true,
  },
];

/** The leave-review form's fields (docs/REQUIREMENTS.md R15.1), and what it sends besides them. */
const REVIEW_POST_FIELDS = [
  ...REVIEW_FIELDS,
  "affiliate_code",
  "pagePath",
  "website",
  "formStartedAt",
  "tracking.utm_source",
  "tracking.gclid",
];

const validReview = {
  rating: "5",
  text: "Fuzzed review text.",
  name: "Fuzz T.",
  town: "Quincy",
  projectType: "Home",
  consentToPublish: "on",
};

/**
 * The leave-review form with the token its page served (taken when the server started, so
 * its fill time has passed): the fuzzed values reach the rules, not only the spam check.
 */
const leaveReviewForm = (formToken: string): FormTarget => ({
  path: "/leave-review",
  base: { ...validReview, formStartedAt: formToken },
  fields: REVIEW_POST_FIELDS,
  staff: false,
});

/** The forms of one affiliate's page: its id is only known once the server runs. */
const affiliateForms = (affiliatePath: string): FormTarget[] => [
  {
    path: affiliatePath,
    base: { intent: "commission-rule", flat: "100", combination: "greater" },
    fields: ["intent", "flat", "percent", "cap", "combination", "minJobValue"],
    staff: true,
  },
  {
    path: affiliatePath,
    base: { intent: "commission-rule-clear" },
    fields: ["intent"],
    staff: true,
  },
  {
    path: affiliatePath,
    base: { intent: "commission-void", commissionId: SOME_UUID, note: "Fuzzed" },
    fields: ["commissionId", "note"],
    staff: true,
  },
  {
    path: affiliatePath,
    base: { intent: "commission-adjust", amount: "-25", note: "Fuzzed" },
    fields: ["amount", "note"],
    staff: true,
  },
  {
    path: affiliatePath,
    base: { intent: "code", code: "fuzzed-code" },
    fields: ["code"],
    staff: true,
  },
];

/** Filters and ids in the address. */
const QUERIES: { path: string; params: string[] }[] = [
  { path: "/admin/leads", params: ["q", "status", "source", "affiliate", "from", "to", "before"] },
  { path: "/admin/leads/export", params: ["q", "status", "from", "to"] },
  { path: "/admin/leads/spam", params: ["before"] },
  { path: "/admin/audit", params: ["action", "before"] },
  { path: "/admin/reviews", params: ["status", "rating"] },
  { path: "/admin/mail", params: ["status", "message", "before"] },
  { path: "/admin/dashboard", params: ["inbox"] },
  { path: "/admin/analytics", params: ["period", "from", "to", "touch"] },
  { path: "/admin/analytics/export.csv", params: ["table", "period", "from", "to", "touch"] },
  { path: "/admin/set-password", params: ["token"] },
  { path: "/admin/login", params: ["returnTo"] },
  { path: "/affiliate/login", params: ["returnTo"] },
  { path: "/affiliate/login/two-factor", params: ["returnTo"] },
  { path: "/affiliate/reset-password", params: ["token"] },
  { path: "/admin/posts", params: ["q", "status", "author", "category", "sort", "page"] },
  { path: "/admin/posts/1/edit", params: ["revision"] },
  { path: "/admin/authors", params: ["edit"] },
  { path: "/admin/categories", params: ["edit"] },
  { path: "/admin/redirects", params: ["q", "page", "edit", "fromPath"] },
  { path: "/admin/redirects/export", params: ["q"] },
  { path: "/admin/visualizer", params: ["edit"] },
  {
    path: "/visualizer",
    params: ["wall_tile", "floor_tile", "vanity", "fixture_finish", "shower", "paint"],
  },
  { path: "/admin/not-found", params: ["sort", "dismissed", "page"] },
  { path: "/admin/qr-codes", params: ["edit"] },
  { path: "/admin/qr-codes/1/download", params: ["format"] },
  { path: "/qr-analytics", params: ["days"] },
  { path: "/blog", params: ["page"] },
  { path: "/blog/category/design", params: ["page"] },
  { path: "/blog/curbless-shower-in-an-older-cape", params: ["preview"] },
  { path: "/thank-you", params: ["firstName", "sig"] },
  { path: "/leave-review", params: ["thanks"] },
  { path: "/giveaway", params: ["entered", "utm_source"] },
  { path: "/admin/giveaways/1", params: ["page"] },
  { path: "/", params: ["utm_source", "aff", "source"] },
];

test("no form field answers a 5xx, whatever characters it gets", async () => {
  test.setTimeout(360_000);
  const affiliates = await rawRequest(server.baseUrl, "/admin/affiliates", {
    headers: { Cookie: adminCookie },
  });
  const affiliatePath = /\/admin\/affiliates\/[0-9a-f-]{36}/.exec(affiliates.body)?.[0];
  expect(affiliatePath, "a demo affiliate to fuzz the affiliate page's forms").toBeTruthy();
  for (const form of [
    ...FORMS,
    ...affiliateForms(affiliatePath!),
    leaveReviewForm(reviewFormToken),
  ]) {
    const fuzzField = (field: string) =>
      fc.assert(
        fc.asyncProperty(nastyText, async (value) => {
          const answer = await rawRequest(server.baseUrl, form.path, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: origin,
              "X-Forwarded-For": randomTestAddress(),
              ...(form.staff === "partner"
                ? { Cookie: partnerCookie }
                : form.staff
                  ? { Cookie: adminCookie }
                  : {}),
            },
            body: formBody({ ...form.base, [field]: value }),
          });
          expect(answer.status, `${form.path} ${field}=${JSON.stringify(value)}`).toBeLessThan(500);
        }),
        { numRuns: form.runs ?? 8, examples: ALWAYS_TRIED },
      );
    if (form.answersSlowly) {
      await Promise.all(form.fields.map(fuzzField));
    } else {
      for (const field of form.fields) await fuzzField(field);
    }
  }
});

/** A multipart body as a browser sends it, with the file part written byte for byte. */
function multipartBody(
  fields: Record<string, string>,
  file: { field: string; filename: string; type: string; bytes: Uint8Array },
) {
  const boundary = `----fuzz${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  const filename = file.filename.replace(/["\r\n]/g, "_");
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${filename}"\r\nContent-Type: ${file.type.replace(/[\r\n]/g, "")}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const UPLOADS: { path: string; field: string; base: Record<string, string> }[] = [
  {
    path: "/admin/posts/new",
    field: "coverFile",
    base: {
      intent: "save",
      title: "Fuzzed upload",
      authorId: "1",
      categoryIds: "1",
      status: "draft",
      coverAlt: "A fuzzed cover",
    },
  },
  {
    path: "/admin/authors",
    field: "photoFile",
    base: { intent: "create", name: "Fuzzed photo", photoAlt: "A face" },
  },
  { path: "/admin/redirects", field: "file", base: { intent: "import-check" } },
  { path: "/admin/giveaways/new", field: "imageFile", base: PAST_GIVEAWAY },
];

/** Files that are not what they claim: garbage, cut-off headers, scripts dressed as images. */
const hostileFile = fc.record({
  filename: nastyText,
  type: fc.constantFrom(
    "image/jpeg",
    "image/png",
    "image/webp",
    "image/svg+xml",
    "text/csv",
    "application/octet-stream",
    "",
  ),
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc.constantFrom(
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      new TextEncoder().encode("fromPath,toPath,type\n/\u0000,\uD800,301\n=1+1,/x,999\n"),
    ),
    nastyText.map((text) => new TextEncoder().encode(text)),
  ),
});

test("no uploaded file answers a 5xx, whatever it holds or claims to be", async () => {
  test.setTimeout(180_000);
  for (const upload of UPLOADS) {
    await fc.assert(
      fc.asyncProperty(hostileFile, async (file) => {
        const { body, contentType } = multipartBody(upload.base, { field: upload.field, ...file });
        const answer = await rawRequest(server.baseUrl, upload.path, {
          method: "POST",
          headers: {
            "Content-Type": contentType,
            Origin: origin,
            Cookie: adminCookie,
            "X-Forwarded-For": randomTestAddress(),
          },
          body,
        });
        expect(
          answer.status,
          `${upload.path} ${file.type} ${file.bytes.length} bytes`,
        ).toBeLessThan(500);
      }),
      { numRuns: 12 },
    );
  }
});

test("no JSON lead field answers a 5xx, whatever characters it gets", async () => {
  test.setTimeout(120_000);
  const jsonValue = fc.oneof(nastyText, fc.constant(true), fc.integer());
  for (const field of [
    ...LEAD_POST_FIELDS.filter((f) => !f.startsWith("tracking.")),
    "utm_source",
    "tracking",
  ]) {
    await fc.assert(
      fc.asyncProperty(jsonValue, nastyText, async (value, key) => {
        const answer = await rawRequest(server.baseUrl, "/api/leads", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Origin: origin,
            "X-Forwarded-For": randomTestAddress(),
          },
          body: JSON.stringify({
            ...validLead,
            agreeToContact: true,
            [field]: field === "tracking" ? { utm_source: value, [key]: value } : value,
          }),
        });
        expect(answer.status, `${field}=${JSON.stringify(value)}`).toBeLessThan(500);
      }),
      { numRuns: 10 },
    );
  }
});

test("no filter or id in the address answers a 5xx", async () => {
  test.setTimeout(120_000);
  for (const target of QUERIES) {
    for (const param of target.params) {
      await fc.assert(
        fc.asyncProperty(nastyText, async (value) => {
          const answer = await rawRequest(
            server.baseUrl,
            `${target.path}?${encode(param)}=${encode(value)}`,
            { headers: { Cookie: adminCookie, "X-Forwarded-For": randomTestAddress() } },
          );
          expect(answer.status, `${target.path}?${param}=${JSON.stringify(value)}`).toBeLessThan(
            500,
          );
        }),
        { numRuns: 8, examples: ALWAYS_TRIED },
      );
    }
  }
  // Path segments too: a lead id, and the path itself.
  await fc.assert(
    fc.asyncProperty(nastyText, async (value) => {
      for (const prefix of [
        "/admin/leads/",
        "/",
        "/admin/",
        "/admin/posts/",
        "/blog/",
        "/blog/category/",
        "/blog/author/",
        "/media/1/",
        "/q/",
        "/admin/qr-codes/",
      ]) {
        const answer = await rawRequest(
          server.baseUrl,
          `${prefix}${encode(value).slice(0, 2000)}`,
          {
            headers: { Cookie: adminCookie },
          },
        );
        expect(answer.status, `${prefix}${JSON.stringify(value)}`).toBeLessThan(500);
      }
    }),
    { numRuns: 15 },
  );
});

test("the fuzzing left no error and no personal data in the server log", () => {
  const log = readFileSync(server.logFile, "utf8");
  for (const personal of [
    "fuzz@example.com",
    "Tester",
    "5550100",
    "nobody@example.com",
    "Fuzzed review text",
  ]) {
    expect(log, personal).not.toContain(personal);
  }
  const errors = log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string })
    .filter((line) => line.level === "error" || line.level === "fatal");
  expect(errors).toEqual([]);
});
