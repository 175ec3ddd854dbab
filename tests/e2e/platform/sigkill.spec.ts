import { PGlite } from "@electric-sql/pglite";
import { expect, test, type TestInfo } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, postgresReachable } from "../support/postgres";
import { startServer } from "../support/server";

/**
 * A lead answered 201 is stored before the answer leaves (docs/REQUIREMENTS.md D2), so a server
 * killed outright (SIGKILL: no shutdown, no flush) mid-stream still has every lead it
 * answered 201, and the next start on the same database recovers and takes leads again.
 */

const ENV = { TRUST_PROXY: "true" };
const SENDERS = 4;
const KILL_AFTER_MS = 2000;
/**
 * The kill waits for this many 201s as well: a cold server on a busy machine can take a
 * second or more for its first answers, and a kill before any lead is stored proves nothing.
 */
const MIN_ANSWERED = 20;
const KILL_AT_LATEST_MS = 20_000;

interface Answer {
  status?: number;
  id?: string;
  error?: string;
}

let counter = 0;
/** A fresh address in 198.18.0.0/15 per lead keeps the per-address rate limit out of the way. */
function nextAddress(): string {
  const n = counter++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

async function postLead(baseUrl: string, tag: string): Promise<Answer> {
  const address = nextAddress();
  try {
    const response = await fetch(`${baseUrl}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({
        firstName: "Avery",
        lastName: "Killed",
        email: `avery.${tag}.${address}@example.com`,
        phone: "6175550100",
        service: "Bathroom Remodeling",
        projectType: "Commercial",
        source: "Google",
        agreeToContact: true,
        utm_source: "google",
        utm_campaign: "sigkill",
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return { status: response.status, id: body.id };
  } catch (error) {
    // The kill resets connections in flight: the lead may or may not be stored, never answered.
    return { error: (error as Error).message };
  }
}

/**
 * Posts leads from a few concurrent loops, SIGKILLs the server once KILL_AFTER_MS have
 * passed and MIN_ANSWERED leads were answered 201, and returns the ids answered 201.
 */
async function postUntilKilled(server: Awaited<ReturnType<typeof startServer>>, tag: string) {
  const answers: Answer[] = [];
  let sending = true;
  const senders = Array.from({ length: SENDERS }, async () => {
    while (sending) answers.push(await postLead(server.baseUrl, tag));
  });
  const started = Date.now();
  const answered = () => answers.filter((a) => a.status === 201).length;
  while (
    Date.now() - started < KILL_AT_LATEST_MS &&
    (Date.now() - started < KILL_AFTER_MS || answered() < MIN_ANSWERED)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.process.kill("SIGKILL");
  await server.exited;
  sending = false;
  await Promise.all(senders);
  expect(server.process.signalCode).toBe("SIGKILL");
  const answeredIds = answers.filter((a) => a.status === 201).map((a) => a.id!);
  // Anything but 201 or a connection cut by the kill would be a different failure.
  const unexpected = answers.filter((a) => a.status !== undefined && a.status !== 201);
  expect(unexpected).toEqual([]);
  expect(answeredIds.length).toBeGreaterThanOrEqual(MIN_ANSWERED);
  return answeredIds;
}

/** After the restart: ready, and a new lead is taken and stored. */
async function expectRecovered(server: Awaited<ReturnType<typeof startServer>>, tag: string) {
  const ready = await fetch(`${server.baseUrl}/readyz`);
  expect(ready.status).toBe(200);
  const answer = await postLead(server.baseUrl, `${tag}-after`);
  expect(answer.status).toBe(201);
  expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
  return answer.id!;
}

/**
 * A throw-away DATA_DIR for one test, removed afterwards; the servers' log is attached to
 * the report first when the test failed.
 */
async function withDataDir(testInfo: TestInfo, run: (dataDir: string) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-sigkill-"));
  try {
    await run(dataDir);
  } catch (error) {
    await testInfo.attach("server.log", { path: path.join(dataDir, "server.log") }).catch(() => {});
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test("SIGKILL mid-stream on the embedded database: every lead answered 201 is stored", async () => {
  test.setTimeout(60_000);
  await withDataDir(test.info(), async (dataDir) => {
    const tag = randomBytes(4).toString("hex");
    const answeredIds = await postUntilKilled(await startServer({ dataDir, env: ENV }), tag);

    // Only one process may open the folder: read it now, while no server runs, then close it.
    const pglite = await PGlite.create(path.join(dataDir, "db"));
    let storedIds: Set<string>;
    try {
      const { rows } = await pglite.query<{ id: string }>(
        "select id::text as id from leads where id::text = any($1)",
        [answeredIds],
      );
      storedIds = new Set(rows.map((row) => row.id));
    } finally {
      await pglite.close();
    }
    expect(answeredIds.filter((id) => !storedIds.has(id))).toEqual([]);

    const restarted = await startServer({ dataDir, env: ENV });
    try {
      await expectRecovered(restarted, tag);
    } finally {
      expect(await restarted.stop()).toBe(0);
    }
  });
});

test("SIGKILL mid-stream on PostgreSQL: every lead answered 201 is stored", async () => {
  test.setTimeout(60_000);
  test.skip(!(await postgresReachable()), "no PostgreSQL server reachable");
  const database = await createDatabase();
  try {
    await withDataDir(test.info(), async (dataDir) => {
      const env = { ...ENV, DATABASE_URL: database.url };
      const tag = randomBytes(4).toString("hex");
      const answeredIds = await postUntilKilled(await startServer({ dataDir, env }), tag);

      const { rows } = await database.query("select id::text as id from leads");
      const storedIds = new Set(rows.map((row: { id: string }) => row.id));
      expect(answeredIds.filter((id) => !storedIds.has(id))).toEqual([]);

      const restarted = await startServer({ dataDir, env });
      try {
        const id = await expectRecovered(restarted, tag);
        const after = await database.query(
          `select count(*)::int as n from leads where id = '${id}'`,
        );
        expect(after.rows[0].n).toBe(1);
      } finally {
        expect(await restarted.stop()).toBe(0);
      }
    });
  } finally {
    await database.drop();
  }
});
