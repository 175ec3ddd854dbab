import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createDatabase, postgresReachable } from "../support/postgres";
import { rawRequest, type RawAnswer } from "../support/raw-http";
import {
  nginxUnavailable,
  startRoundRobinProxy,
  type TlsProxy as Proxy,
} from "../support/reverse-proxy";
import { freePort, startServer, type RunningServer } from "../support/server";
import { signIn } from "../support/staff";
import {
  RECEIVER_SECRET,
  startWebhookReceiver,
  type ReceivedDelivery,
} from "../support/webhook-receiver";

/**
 * Two server instances on one PostgreSQL behind nginx sharing requests in turn, as an
 * operator scales out: what one instance is told, the other knows (leads, limits, a
 * lockout, a changed setting the page cache must let go of), and every job runs once.
 * Requests go through the proxy like a visitor's; each instance is also asked directly
 * where the test must know which one answers. Visitors are told apart by the loopback
 * address they connect from, which nginx appends to X-Forwarded-For (TRUST_PROXY=1).
 */

test.describe.configure({ mode: "serial" });
const unavailable = nginxUnavailable();
test.skip(unavailable !== undefined, unavailable);

const ADMIN = { email: "owner@lumenbath.example", password: "the owner's long password" };
const NEW_PHONE = "(617) 555-0188";

let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
let proxy: Proxy | undefined;
let instances: RunningServer[] = [];
let adminPage: Page | undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000); // two servers start on a busy machine
  test.skip(!(await postgresReachable()), "no PostgreSQL server reachable");
  database = await createDatabase();
  receiver = await startWebhookReceiver();
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  // nginx needs the servers' ports and the servers need nginx's (PUBLIC_URL): pick them first.
  proxy = await startRoundRobinProxy([first, second]);
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: "1",
    AUTH_SECRET: "one secret for every instance, 32 characters or more",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LEAD_WEBHOOK_URL: `${receiver.url}/leads`,
    LEAD_WEBHOOK_SECRET: RECEIVER_SECRET,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  };
  // Started together, as a deployment does: both migrate and seed the same database.
  const started = await Promise.allSettled(
    [first, second].map((port) => startServer({ port, env })),
  );
  instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  for (const result of started) if (result.status === "rejected") throw result.reason;

  const context = await browser.newContext({ baseURL: proxy.url });
  adminPage = await context.newPage();
  await signIn(adminPage, ADMIN);
});

test.afterAll(async () => {
  await adminPage?.context().close();
  await proxy?.stop();
  const exitCodes = await Promise.all(instances.map((instance) => instance.stop()));
  await receiver?.close();
  await database?.drop();
  expect(exitCodes.every((code) => code === 0)).toBe(true);
});

/** A request through nginx from `visitor`, a loopback address standing for one visitor. */
function throughProxy(
  visitor: string,
  path: string,
  body?: { json: Record<string, unknown> } | { form: Record<string, string> },
): Promise<RawAnswer> {
  return rawRequest(proxy!.url, path, {
    method: body ? "POST" : "GET",
    localAddress: visitor,
    headers: body
      ? {
          Origin: proxy!.url,
          "Content-Type": "json" in body ? "application/json" : "application/x-www-form-urlencoded",
        }
      : {},
    body: body
      ? "json" in body
        ? JSON.stringify(body.json)
        : new URLSearchParams(body.form).toString()
      : undefined,
  });
}

/** Which instance gave this answer: the one whose log has its request id. */
async function answeredBy(answer: RawAnswer): Promise<number> {
  const requestId = answer.headers["x-request-id"];
  expect(requestId, "every answer carries its request id").toBeTruthy();
  let found: number[] = [];
  await expect
    .poll(() => {
      found = instances.flatMap((instance, index) =>
        readFileSync(instance.logFile, "utf8").includes(`"reqId":"${requestId as string}"`)
          ? [index]
          : [],
      );
      return found.length;
    })
    .toBe(1);
  return found[0]!;
}

let leadCount = 0;
const lead = (label: string) => {
  leadCount += 1;
  return {
    firstName: "Morgan",
    lastName: `${label}${leadCount}`,
    email: `two-instances.${label.toLowerCase()}${leadCount}.${Date.now()}@example.com`,
    phone: "6175550166",
    service: "Bathroom Remodeling",
    projectType: "Commercial",
    source: "Google",
    agreeToContact: true,
  };
};

test("a lead posted through one instance is in the other's inbox", async () => {
  const sent = lead("Inbox");
  const answer = await throughProxy("127.0.0.21", "/api/leads", { json: sent });
  expect(answer.status, answer.body).toBe(201);
  const other = 1 - (await answeredBy(answer));
  await adminPage!.goto(`${instances[other]!.baseUrl}/admin/leads`);
  await expect(
    adminPage!.getByRole("link", { name: `${sent.firstName} ${sent.lastName}` }),
  ).toBeVisible();
});

test("the lead rate limit counts a visitor's posts on both instances together", async () => {
  const answers: RawAnswer[] = [];
  for (let i = 0; i < 6; i++) {
    answers.push(await throughProxy("127.0.0.22", "/api/leads", { json: lead("Limit") }));
  }
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 429]);
  expect(Number(answers[5]!.headers["retry-after"])).toBeGreaterThan(0);
  const servedBy = await Promise.all(answers.map(answeredBy));
  expect(new Set(servedBy).size, "both instances took some of the posts").toBe(2);
  // Another visitor is not held back by it.
  const other = await throughProxy("127.0.0.23", "/api/leads", { json: lead("Other") });
  expect(other.status).toBe(201);
});

test("every job runs once: each lead reaches the webhook once, each mail once", async () => {
  for (let i = 0; i < 4; i++) {
    const answer = await throughProxy("127.0.0.24", "/api/leads", { json: lead("Jobs") });
    expect(answer.status).toBe(201);
  }
  const leadIds = (await database!.query("select id from leads")).rows.map((row) => row.id);
  expect(leadIds).toHaveLength(leadCount - 1); // the sixth post of the limit test was refused
  let received: ReceivedDelivery[] = [];
  await expect
    .poll(
      async () => {
        received = (await (await fetch(`${receiver!.url}/received`)).json()) as ReceivedDelivery[];
        return received.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(leadIds.length);
  expect(received.every((delivery) => delivery.signatureValid)).toBe(true);
  expect(received.map((delivery) => delivery.body.leadId).sort()).toEqual([...leadIds].sort());

  // The queue's own record agrees: one attempt per delivery, one send per message. A
  // delivery is recorded once the receiver's answer is back, a moment after the receiver
  // has the body, so both records are awaited before they are read.
  await expect
    .poll(
      async () =>
        (
          await database!.query(
            `select (select count(*)::int from mail_messages where status in ('queued', 'sending'))
                  + (select count(*)::int from webhook_deliveries where status in ('pending', 'sending')) as n`,
          )
        ).rows[0].n,
      { timeout: 20_000 },
    )
    .toBe(0);
  const deliveries = await database!.query(
    `select d.status, d.attempts, (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as tries
       from webhook_deliveries d`,
  );
  expect(deliveries.rows).toHaveLength(leadIds.length);
  for (const row of deliveries.rows)
    expect(row).toEqual({ status: "delivered", attempts: 1, tries: 1 });
  const mail = await database!.query("select kind, status, attempts from mail_messages");
  expect(mail.rows.length).toBeGreaterThanOrEqual(leadIds.length);
  for (const row of mail.rows) expect(row.attempts).toBe(1);

  // Housekeeping: once at each start (two), and each of its jobs ran once.
  await expect
    .poll(
      async () =>
        (
          await database!.query(
            "select count(*)::int as n from pgboss.job where name = 'housekeeping' and state <> 'completed'",
          )
        ).rows[0].n,
      { timeout: 20_000 },
    )
    .toBe(0);
  const [jobs, runs] = await Promise.all([
    database!.query("select count(*)::int as n from pgboss.job where name = 'housekeeping'"),
    database!.query("select count(*)::int as n from housekeeping_runs"),
  ]);
  expect(jobs.rows[0].n).toBeGreaterThanOrEqual(2);
  expect(runs.rows[0].n).toBe(jobs.rows[0].n);
});

/** The home page as one instance answers it directly (no session: the shared page). */
async function homeOn(instance: RunningServer) {
  const answer = await rawRequest(instance.baseUrl, "/");
  expect(answer.status).toBe(200);
  return { etag: answer.headers.etag, cacheControl: answer.headers["cache-control"], ...answer };
}

test("a settings change empties the page cache on both instances", async () => {
  await adminPage!.goto(`${proxy!.url}/admin/settings`);
  const profile = adminPage!.getByRole("region", { name: "Company profile", exact: true });
  await profile.getByRole("textbox", { name: "Phone" }).fill(NEW_PHONE);

  // Each instance keeps the home page (and what it read to render it) just before the save.
  const before: string[] = [];
  for (const instance of instances) {
    const first = await homeOn(instance);
    const second = await homeOn(instance);
    expect(second.cacheControl).toBe("no-cache");
    expect(second.etag).toMatch(/^W\/"/);
    expect(second.etag, "the same finished page").toBe(first.etag);
    expect(second.body).not.toContain(NEW_PHONE);
    before.push(second.etag!);
  }

  await profile.getByRole("button", { name: "Save" }).click();
  await expect(
    adminPage!.getByRole("status").filter({ hasText: "Company profile saved." }),
  ).toBeVisible();

  // Told by a NOTIFY, which arrives a moment after the change is committed.
  for (const [index, instance] of instances.entries()) {
    await expect
      .poll(async () => (await homeOn(instance)).body.includes(NEW_PHONE), {
        message: `instance ${index + 1} shows the new phone`,
        timeout: 5_000,
      })
      .toBe(true);
    const after = await homeOn(instance);
    expect(after.etag).toBeTruthy();
    expect(after.etag).not.toBe(before[index]);
  }
});

test("a sign-in lockout set through both instances holds on each", async () => {
  test.setTimeout(60_000);
  const attempts: RawAnswer[] = [];
  for (let i = 0; i < 5; i++) {
    attempts.push(
      await throughProxy("127.0.0.31", "/admin/login", {
        form: { email: ADMIN.email, password: "not the password" },
      }),
    );
  }
  const alert = (answer: RawAnswer) => /role="alert"[^>]*>([^<]*)</.exec(answer.body)?.[1];
  expect(attempts.map(alert)).toEqual([
    "Invalid email or password",
    "Invalid email or password",
    "Suspicious activity detected. Please contact support if you are a legitimate user.",
    "Suspicious activity detected. Please contact support if you are a legitimate user.",
    "Account temporarily locked. Try again in 15 minutes.",
  ]);
  expect(new Set(await Promise.all(attempts.map(answeredBy))).size).toBe(2);

  // The right password, on each instance, from another address: locked on both.
  for (const instance of instances) {
    const answer = await rawRequest(instance.baseUrl, "/admin/login", {
      method: "POST",
      localAddress: "127.0.0.32",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString(),
    });
    expect(answer.status).toBe(423);
    expect(alert(answer)).toBe("Account temporarily locked. Try again in 15 minutes.");
  }
  // One lock, one notice to the owner.
  const notices = await database!.query(
    "select count(*)::int as n from mail_messages where kind = 'staff.account_locked'",
  );
  expect(notices.rows[0].n).toBe(1);
});
