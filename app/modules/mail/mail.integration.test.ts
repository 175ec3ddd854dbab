import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { sweepStalledWork, type Jobs } from "~/modules/jobs/jobs.server";
import {
  freePort,
  interruptedAttempt,
  jobsWithoutRow,
  startTestJobs,
  waitFor,
} from "~/modules/webhooks/test-support.server";
import { enqueueMail, listMail, mailDomain, mailOutbox, type OutgoingMail } from "./mail.server";

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  subject: string | undefined;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that records what it receives. */
async function startSmtpServer(port: number, received: ReceivedMail[]) {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCompanySettings(database.db);
});
afterAll(async () => {
  await database?.destroy();
});

function queueMail(jobs: Jobs, message: OutgoingMail) {
  return database.transaction((tx) => enqueueMail(tx, jobs.boss, message));
}

async function messageById(id: string) {
  const [message] = await database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!message) throw new Error("no message");
  return message;
}

function waitForStatus(id: string, status: string) {
  return waitFor(async () => {
    const message = await messageById(id);
    return message.status === status ? message : undefined;
  }, `mail ${status}`);
}

const notification = (subject: string): OutgoingMail => ({
  kind: "lead.notification",
  to: ["leads@lumenbath.example", " sales@lumenbath.example ", "leads@lumenbath.example"],
  subject,
  text: "A new consultation request has arrived.",
});

const passwordLink = (subject: string, token: string): OutgoingMail => ({
  kind: "staff.password",
  to: ["new.member@lumenbath.example"],
  subject,
  text: `Your link:\nhttps://www.lumenbath.example/admin/set-password?token=${token}\n`,
});

describe("mail without SMTP_URL", () => {
  let jobs: Jobs;
  beforeAll(async () => {
    jobs = await startTestJobs(database);
  });
  afterAll(async () => {
    await jobs?.stop();
  });

  it("keeps the message in the database instead of sending it", async () => {
    const id = await queueMail(jobs, notification("New lead: kept"));
    expect(id).toBeDefined();
    const message = await waitForStatus(id!, "kept");
    expect(message).toMatchObject({
      kind: "lead.notification",
      to: ["leads@lumenbath.example", "sales@lumenbath.example"],
      subject: "New lead: kept",
      attempts: 1,
      lastError: null,
      sentAt: null,
    });
  });

  it("keeps no usable password link once the message is kept", async () => {
    const id = await queueMail(jobs, passwordLink("Set your password", "Secret123_abc"));
    const message = await waitForStatus(id!, "kept");
    expect(message.text).not.toContain("Secret123_abc");
    expect(message.text).toContain("/admin/set-password?token=[hidden]");
  });

  it("stores nothing for a message without recipients", async () => {
    const before = await listMail(database.db, { limit: 200 });
    expect(await queueMail(jobs, { ...notification("Nobody"), to: [" ", ""] })).toBeUndefined();
    expect(await listMail(database.db, { limit: 200 })).toHaveLength(before.length);
  });

  it("rolls back with the transaction that queued it", async () => {
    const before = await listMail(database.db, { limit: 200 });
    await expect(
      database.transaction(async (tx) => {
        await enqueueMail(tx, jobs.boss, notification("Rolled back"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await listMail(database.db, { limit: 200 })).toHaveLength(before.length);
    expect(await jobsWithoutRow(database, mailOutbox)).toBe(0);
  });
});

describe("mail over SMTP", () => {
  let jobs: Jobs;
  let port: number;
  const received: ReceivedMail[] = [];
  let smtp: { close(): Promise<void> } | undefined;

  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtpServer(port, received);
    jobs = await startTestJobs(database, { smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await jobs?.stop();
    await smtp?.close();
  });

  it("sends to the SMTP server with the right recipients, subject and sender", async () => {
    const id = await queueMail(jobs, notification("New lead: Ada Tester"));
    const message = await waitForStatus(id!, "sent");
    expect(message.sentAt).toBeInstanceOf(Date);
    expect(message.attempts).toBe(1);

    const mail = received.filter((item) => item.subject === "New lead: Ada Tester");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to.sort()).toEqual(["leads@lumenbath.example", "sales@lumenbath.example"]);
    expect(mail[0]!.from).toBe("no-reply@www.lumenbath.example");
    expect(mail[0]!.raw).toMatch(
      /^From: "?Lumen Bath & Remodel"? <no-reply@www\.lumenbath\.example>/m,
    );
    expect(mail[0]!.raw).toContain(`Message-ID: <${id}@www.lumenbath.example>`);
    expect(mail[0]!.raw).toContain("A new consultation request has arrived.");
  });

  it("sends the password link as it is, then keeps only a masked copy", async () => {
    const id = await queueMail(jobs, passwordLink("Set your password (SMTP)", "Secret456_def"));
    const message = await waitForStatus(id!, "sent");
    const sent = received.find((item) => item.subject === "Set your password (SMTP)");
    expect(sent?.raw).toContain("token=Secret456_def");
    expect(message.text).not.toContain("Secret456_def");
    expect(message.text).toContain("token=[hidden]");
  });

  it("retries while the SMTP server is down and sends once it is back", async () => {
    await smtp!.close();
    smtp = undefined;
    const id = await queueMail(jobs, notification("New lead: while down"));
    // A try is counted when it is claimed, so wait until the second one has also failed
    // (back in the queue with its error): otherwise it could still be connecting when the
    // server comes back, and succeed as the second attempt.
    const waiting = await waitFor(async () => {
      const message = await messageById(id!);
      return message.attempts >= 2 && message.status === "queued" ? message : undefined;
    }, "two failed attempts");
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);

    smtp = await startSmtpServer(port, received);
    const message = await waitForStatus(id!, "sent");
    expect(received.filter((item) => item.subject === "New lead: while down")).toHaveLength(1);
    expect(message.lastError).toBeNull();
    expect(message.attempts).toBeGreaterThanOrEqual(3);
  });

  it("sweeps a message stuck in sending back into the queue", async () => {
    const [stuck] = await database.db
      .insert(mailMessages)
      .values({
        ...notification("New lead: stuck"),
        to: ["leads@lumenbath.example"],
        ...interruptedAttempt(),
      })
      .returning();
    const swept = await sweepStalledWork(database, jobs.boss);
    expect(swept.mail.recovered).toBe(1);
    const message = await waitForStatus(stuck!.id, "sent");
    expect(message.attempts).toBe(2);
    expect(received.filter((item) => item.subject === "New lead: stuck")).toHaveLength(1);
  });

  it("lists the mail log newest first, page by page", async () => {
    const all = await listMail(database.db, { limit: 200 });
    expect(all.length).toBeGreaterThanOrEqual(4);
    const times = all.map((message) => message.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const firstPage = await listMail(database.db, { limit: 2 });
    expect(firstPage.map((message) => message.id)).toEqual(all.slice(0, 2).map((m) => m.id));
    const next = await listMail(database.db, { limit: 200, before: firstPage.at(-1)!.createdAt });
    expect(next.every((message) => message.createdAt < firstPage.at(-1)!.createdAt)).toBe(true);
  });
});

describe("sender address", () => {
  it("uses the host of PUBLIC_URL, or localhost for an IP address", () => {
    expect(mailDomain(new URL("https://www.lumenbath.example"))).toBe("www.lumenbath.example");
    expect(mailDomain(new URL("http://localhost:3000"))).toBe("localhost");
    expect(mailDomain(new URL("http://192.0.2.10:3000"))).toBe("localhost");
    expect(mailDomain(new URL("http://[::1]:3000"))).toBe("localhost");
  });
});
