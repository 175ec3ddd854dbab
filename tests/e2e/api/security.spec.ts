import { expect, test } from "@playwright/test";
import { randomTestAddress } from "../support/fixtures";
import { rawRequest, staffCookie, type RawAnswer } from "../support/raw-http";
import { e2eAdmin, e2eEditor } from "../support/staff";

/**
 * What probing the running product as an attacker would do, one finding per test: each
 * failed on the product before its fix. The authorisation matrix in every spelling is
 * admin-route-variants.spec.ts; body limits, the reverse proxy and the input fuzz are
 * under tests/e2e/platform.
 */

let baseUrl: string;
let origin: string;
let admin: string;
let editor: string;

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL!;
  origin = new URL(baseUrl).origin;
  [admin, editor] = await Promise.all([
    staffCookie(baseUrl, e2eAdmin()),
    staffCookie(baseUrl, e2eEditor()),
  ]);
});

const asStaff = (cookie: string, path: string, form?: Record<string, string>) =>
  rawRequest(baseUrl, path, {
    method: form ? "POST" : "GET",
    headers: {
      Cookie: cookie,
      Origin: origin,
      "X-Forwarded-For": randomTestAddress(),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });

const postLeadJson = (body: Record<string, unknown>, address = randomTestAddress()) =>
  rawRequest(baseUrl, "/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": address },
    body: JSON.stringify(body),
  });

const validLead = (lastName: string) => ({
  firstName: "Probe",
  lastName,
  email: `${lastName.toLowerCase()}.${Date.now()}@example.com`,
  phone: "6175550123",
  service: "Bathroom Remodeling",
  projectType: "Commercial",
  source: "Google",
  agreeToContact: true,
});

/** The id of the newest mail log message whose subject contains `text`. */
async function mailIdWithSubject(text: string): Promise<string | undefined> {
  const list = await asStaff(admin, "/admin/mail");
  for (const match of list.body.matchAll(
    /href="\/admin\/mail\?message=([0-9a-f-]{36})"[^>]*>([^<]*)</g,
  )) {
    if (match[2]!.includes(text)) return match[1];
  }
  return undefined;
}

/** The consultation form's token, as a browser gets it with a page: in a cookie. */
async function formToken(): Promise<string> {
  const page = await rawRequest(baseUrl, "/about-us");
  const cookies = page.headers["set-cookie"] ?? [];
  const token = cookies.map((cookie) => /^lm_form=([^;]+)/.exec(cookie)?.[1]).find(Boolean);
  if (!token) throw new Error("no form token with /about-us");
  return token;
}

test("an editor cannot invite an admin in any spelling; the mail log shows no usable link", async () => {
  const email = `would-be-admin.${Date.now()}@example.com`;
  for (const path of ["/admin/Staff", "/admin/STAFF", "/admin/%73taff", "/admin/staff/"]) {
    const answer = await asStaff(editor, path, {
      intent: "invite",
      role: "admin",
      name: "Would Be",
      email,
    });
    expect(answer.status, path).toBe(403);
  }
  expect((await asStaff(admin, "/admin/staff")).body).not.toContain(email);

  // An admin's invitation: without SMTP the link is shown once to that admin ...
  const invited = `invited.${Date.now()}@example.com`;
  const answer = await asStaff(admin, "/admin/staff", {
    intent: "invite",
    role: "editor",
    name: "Invited Person",
    email: invited,
  });
  expect(answer.status).toBe(200);
  const token = /\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(answer.body)?.[1];
  expect(token, "the link shown once").toBeTruthy();
  // ... and the mail log says a link was sent without showing it.
  const id = await mailIdWithSubject("Set your password");
  expect(id).toBeTruthy();
  const message = await asStaff(admin, `/admin/mail?message=${id}`);
  expect(message.body).toContain("/admin/set-password?token=[hidden]");
  expect(message.body).not.toContain(token!);
});

test("NUL bytes and lone surrogates are refused with 400, never a 5xx", async () => {
  const lead = await postLeadJson({ ...validLead("Nul"), firstName: "Pro\u0000be" });
  expect(lead.status).toBe(400);
  expect(JSON.parse(lead.body)).toEqual({ error: expect.stringMatching(/not allowed/) });
  expect(lead.headers["retry-after"]).toBeUndefined();

  const surrogate = await rawRequest(baseUrl, "/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: '{"firstName":"Pro","utm_source":"\\ud800"}',
  });
  expect(surrogate.status).toBe(400);

  const login = await rawRequest(baseUrl, "/admin/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "X-Forwarded-For": randomTestAddress(),
    },
    body: "email=admin%00%40lumenbath.example&password=x",
  });
  expect(login.status).toBe(400);
  expect(login.body).toContain("characters that are not allowed");

  const answers: RawAnswer[] = await Promise.all([
    asStaff(admin, "/admin/leads?q=%00"),
    asStaff(admin, "/admin/leads/export?q=a%00b"),
    asStaff(admin, "/admin/audit?action=%00"),
    asStaff(admin, "/admin/staff", {
      intent: "invite",
      role: "editor",
      name: "N\u0000",
      email: "n@example.com",
    }),
    asStaff(admin, "/admin/set-password?token=%00"),
  ]);
  for (const answer of answers) expect(answer.status).toBe(400);
});

test("a line break in a tracking value does not shape the staff e-mail", async () => {
  const lastName = `Linebreak${Date.now() % 100000}`;
  const answer = await postLeadJson({
    ...validLead(lastName),
    utm_source: "google\n\nOpen it: http://evil.example/phish",
    utm_campaign: "spring\r\nAffiliate: boss",
  });
  expect(answer.status).toBe(201);
  await expect.poll(() => mailIdWithSubject(lastName)).toBeTruthy();
  const message = await asStaff(admin, `/admin/mail?message=${await mailIdWithSubject(lastName)}`);
  const text = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(message.body)?.[1] ?? "";
  expect(text).toContain("google Open it: http://evil.example/phish");
  expect(text).not.toMatch(/^Open it: http:\/\/evil/m);
  expect(text).not.toMatch(/^Affiliate: boss/m);
});

test("bodies of a content type the lead endpoint does not read get 415", async () => {
  const body = JSON.stringify(validLead("Plain"));
  for (const type of ["text/plain", "text/json", "application/xml", undefined]) {
    const answer = await rawRequest(baseUrl, "/api/leads", {
      method: "POST",
      headers: { Origin: origin, ...(type ? { "Content-Type": type } : {}) },
      body,
    });
    expect(answer.status, String(type)).toBe(415);
    expect(JSON.parse(answer.body).error).toMatch(/application\/json/);
  }
});

test("staff pages and their data are never cached; every answer says nosniff", async () => {
  for (const path of [
    "/admin/dashboard",
    "/admin/dashboard.data",
    "/admin/LEADS",
    "/admin/login",
  ]) {
    const answer = await asStaff(admin, path);
    expect(answer.headers["cache-control"], path).toBe("private, no-store");
  }
  const anonymous = await rawRequest(baseUrl, "/admin/leads");
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers["cache-control"]).toBe("private, no-store");

  const home = await rawRequest(baseUrl, "/");
  const asset = /\/assets\/[^"]+\.js/.exec(home.body)?.[0];
  for (const path of ["/", "/healthz", "/favicon.svg", "/no-such-page", asset!]) {
    const answer = await rawRequest(baseUrl, path);
    expect(answer.headers["x-content-type-options"], path).toBe("nosniff");
  }
});

test("the form's 429 carries Retry-After like the JSON one", async () => {
  const address = randomTestAddress();
  const tokens = await Promise.all(Array.from({ length: 6 }, formToken));
  await new Promise((resolve) => setTimeout(resolve, 3200)); // a person's fill time
  const statuses: number[] = [];
  let last: RawAnswer | undefined;
  for (const [index, token] of tokens.entries()) {
    last = await rawRequest(baseUrl, "/api/leads", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
        "X-Forwarded-For": address,
      },
      body: new URLSearchParams({
        ...Object.fromEntries(
          Object.entries(validLead(`Limit${index}`)).map(([key, value]) => [key, String(value)]),
        ),
        agreeToContact: "on",
        formStartedAt: token,
      }).toString(),
    });
    statuses.push(last.status);
  }
  expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
  expect(last!.body).toContain("several requests in a short time");
});

test("/thank-you greets by name only under the server's signature", async () => {
  const forged = await rawRequest(
    baseUrl,
    "/thank-you?firstName=Call%20555-0199%20for%20your%20refund&service=Bathroom%20Remodeling",
  );
  expect(forged.status).toBe(200);
  expect(forged.body).not.toContain("555-0199");
  expect(forged.body).toContain("Thank you!");

  // Sent as a browser sends the form: the token in its cookie, none in the form.
  const token = await formToken();
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const stored = await rawRequest(baseUrl, "/api/leads", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "X-Forwarded-For": randomTestAddress(),
      Cookie: `lm_form=${token}`,
    },
    body: new URLSearchParams({
      ...Object.fromEntries(
        Object.entries(validLead("Signed")).map(([key, value]) => [key, String(value)]),
      ),
      agreeToContact: "on",
    }).toString(),
  });
  expect(stored.status).toBe(303);
  const location = stored.headers.location!;
  expect(location).toMatch(/^\/thank-you\?firstName=Probe&.*sig=/);
  expect((await rawRequest(baseUrl, location)).body).toContain("Thank you, Probe!");
  // A new token comes with the answer, so the browser's next form has one of its own.
  const renewed = /lm_form=([^;]+)/.exec(stored.headers["set-cookie"]?.join("\n") ?? "")?.[1];
  expect(renewed).toBeTruthy();
  expect(renewed).not.toBe(token);
  // The same token sent again is not a second lead.
  const replay = await rawRequest(baseUrl, "/api/leads", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "X-Forwarded-For": randomTestAddress(),
      Cookie: `lm_form=${token}`,
    },
    body: new URLSearchParams({
      ...Object.fromEntries(
        Object.entries(validLead("Signed")).map(([key, value]) => [key, String(value)]),
      ),
      agreeToContact: "on",
    }).toString(),
  });
  expect(replay.headers.location).toBe("/thank-you");
});

test("the settings screen says what the bot-protection switch does", async () => {
  const settings = await asStaff(admin, "/admin/settings");
  expect(settings.body).toContain("bot score is 0.7 or more");
});

test("an id beyond PostgreSQL's integer is not found, never a 500", async () => {
  const beyond = "2147483648"; // 2^31: one more than an `integer` column holds
  const largest = "2147483647";
  const pages = (id: string) => [
    `/admin/qr-codes/${id}/download?format=png`,
    `/admin/qr-codes/${id}/print`,
    `/admin/qr-codes?edit=${id}`,
    `/admin/redirects?edit=${id}`,
    `/admin/visualizer?edit=${id}`,
    `/admin/authors?edit=${id}`,
    `/admin/categories?edit=${id}`,
    `/admin/posts/${id}/edit`,
  ];
  const [largestAnswers, beyondAnswers] = await Promise.all(
    [largest, beyond].map((id) => Promise.all(pages(id).map((path) => asStaff(editor, path)))),
  );
  pages(beyond).forEach((path, index) => {
    // The same answer as for the largest id, which names no row either (404 or the page).
    expect(beyondAnswers![index]!.status, path).toBe(largestAnswers![index]!.status);
    expect(beyondAnswers![index]!.status, path).toBeLessThan(500);
  });
  for (const path of [`/admin/giveaways/${beyond}`, `/admin/giveaways/${beyond}/entries.csv`]) {
    expect((await asStaff(admin, path)).status, path).toBe(404);
  }

  // The posts of an author and a category in use go somewhere when it is deleted: to an
  // id beyond the range, a refusal (the database was asked for it before: a 500).
  const draft = await asStaff(editor, "/admin/posts/new", {
    intent: "save",
    title: `Out-of-range probe ${Date.now()}`,
    authorId: "1",
    categoryIds: "1",
    status: "draft",
  });
  expect(draft.status).toBeLessThan(400);

  const forms: [path: string, form: Record<string, string>, status: number][] = [
    ["/admin/qr-codes", { intent: "enable", id: beyond }, 422],
    ["/admin/qr-codes", { intent: "disable", id: beyond }, 422],
    ["/admin/redirects", { intent: "activate", id: beyond }, 422],
    ["/admin/redirects", { intent: "delete", id: beyond }, 422],
    ["/admin/reviews", { intent: "publish", reviewId: beyond }, 400],
    ["/admin/authors", { intent: "delete", authorId: beyond }, 422],
    ["/admin/authors", { intent: "update", authorId: beyond, name: "Probe" }, 422],
    ["/admin/authors", { intent: "delete", authorId: "1", moveTo: beyond }, 422],
    ["/admin/categories", { intent: "delete", categoryId: beyond }, 422],
    ["/admin/categories", { intent: "update", categoryId: beyond, name: "Probe" }, 422],
    ["/admin/categories", { intent: "delete", categoryId: "1", moveTo: beyond }, 422],
  ];
  for (const [path, form, status] of forms) {
    const answer = await asStaff(editor, path, form);
    expect(answer.status, `${path} ${JSON.stringify(form)}`).toBe(status);
    expect(answer.body).not.toContain("out of range");
  }
});

test("public pages and their data carry no staff or affiliate-programme settings", async () => {
  const internal = [
    "notificationEmails",
    "requireStaffTwoFactor",
    "analyticsRetentionMonths",
    "commissionFlatCents",
    "commissionHoldDays",
    "minimumPayoutCents",
  ];
  for (const path of ["/", "/about-us.data", "/blog.data", "/no-such-page", "/no-such-page.data"]) {
    const answer = await rawRequest(baseUrl, path);
    expect(answer.status, path).toBeLessThan(500);
    expect(answer.body, path).toContain("Lumen Bath");
    for (const field of internal) expect(answer.body, `${field} in ${path}`).not.toContain(field);
  }
});

test("a page's action answers a body that is not a form with 415 or 400, never a 5xx", async () => {
  const send = (path: string, method: string, headers: Record<string, string>, body?: string) =>
    rawRequest(baseUrl, path, {
      method,
      headers: { Origin: origin, "X-Forwarded-For": randomTestAddress(), ...headers },
      body,
    });
  const answers = [
    [
      "text to the staff sign-in",
      415,
      await send("/admin/login", "POST", { "Content-Type": "text/plain" }, "a=b"),
    ],
    [
      "JSON to the partner sign-in",
      415,
      await send("/affiliate/login", "POST", { "Content-Type": "application/json" }, '{"a":"b"}'),
    ],
    [
      "no type to forgot-password",
      415,
      await send("/affiliate/forgot-password", "POST", {}, "a=b"),
    ],
    ["a DELETE without a body", 415, await send("/admin/login", "DELETE", {})],
    [
      "a broken multipart sign-up",
      400,
      await send(
        "/affiliate/signup",
        "POST",
        { "Content-Type": "multipart/form-data; boundary=XX" },
        "zz",
      ),
    ],
    [
      "JSON to a staff screen's data",
      415,
      await send(
        "/admin/settings.data",
        "POST",
        { Cookie: admin, "Content-Type": "application/json" },
        "{}",
      ),
    ],
  ] as const;
  for (const [what, status, answer] of answers) expect(answer.status, what).toBe(status);
});

test("a staff form with no Origin and another site's Referer changes nothing", async () => {
  const fromPath = `/csrf-probe-${Date.now().toString(36)}`;
  const answer = await rawRequest(baseUrl, "/admin/redirects", {
    method: "POST",
    headers: {
      Cookie: admin,
      Referer: "https://evil.example/attack.html",
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomTestAddress(),
    },
    body: new URLSearchParams({
      formId: "new-redirect-form",
      intent: "create",
      fromPath,
      toPath: "https://evil.example/",
      type: "302",
      isActive: "on",
    }).toString(),
  });
  expect(answer.status).toBe(403);
  expect((await rawRequest(baseUrl, fromPath)).status).toBe(404);
});

test("a compression the client refuses with q=0 is not used", async () => {
  const encodingFor = async (accepted: string) =>
    (await rawRequest(baseUrl, "/bathrooms", { headers: { "Accept-Encoding": accepted } })).headers[
      "content-encoding"
    ];
  expect(await encodingFor("gzip, deflate, br")).toBe("br");
  expect(await encodingFor("br;q=0, gzip")).toBe("gzip");
  expect(await encodingFor("gzip;q=0, br;q=0")).toBeUndefined();
});
