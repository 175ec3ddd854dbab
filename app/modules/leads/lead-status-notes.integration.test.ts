import { and, eq } from "drizzle-orm";
import type { Actor } from "~/modules/audit/actor";
import { describe, expect, it } from "vitest";
import { auditEvents, leadStatusChanges } from "~/db/schema";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { addLeadNote } from "./lead-notes.server";
import { getLeadDetail } from "./lead-detail.server";
import { changeLeadStatus } from "./lead-status.server";
import { staffLeadDatabaseForFile, storedLead } from "./lead-test-fixtures";

const actor: Actor = {
  id: "staff-pipeline-1",
  email: "sam@lumenbath.example",
  ip: "203.0.113.9",
};
const database = staffLeadDatabaseForFile(actor, "Sam Staff");

describe("the status pipeline", () => {
  const auditFor = (leadId: string, action: string) =>
    database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.target, `lead:${leadId}`), eq(auditEvents.action, action)))
      .orderBy(auditEvents.id);

  it("records each change in the history, on the lead and in the audit log", async () => {
    const lead = await insertLead(database.db, { source: "Radio" });
    const input = { jobValue: "", lostReason: "" };

    expect(
      await changeLeadStatus(database, actor, lead.id, { ...input, status: "contacted" }),
    ).toEqual({ kind: "changed", status: "contacted", jobValueCents: null });
    expect(
      await changeLeadStatus(database, actor, lead.id, {
        ...input,
        status: "won",
        jobValue: "12,500.50",
      }),
    ).toEqual({ kind: "changed", status: "won", jobValueCents: 1_250_050 });

    const won = await storedLead(database, lead.id);
    expect(won).toMatchObject({ status: "won", jobValueCents: 1_250_050, lostReason: null });
    expect(won!.updatedAt.getTime()).toBeGreaterThan(lead.updatedAt.getTime());

    // Lost after all: the value goes, the reason comes; the history keeps both.
    expect(
      await changeLeadStatus(database, actor, lead.id, {
        status: "lost",
        jobValue: "12,500",
        lostReason: "  Went with a   cheaper quote ",
      }),
    ).toMatchObject({ kind: "changed", status: "lost", jobValueCents: null });
    const lost = await storedLead(database, lead.id);
    expect(lost).toMatchObject({
      status: "lost",
      jobValueCents: null,
      lostReason: "Went with a cheaper quote",
    });

    const history = await database.db
      .select()
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, lead.id))
      .orderBy(leadStatusChanges.id);
    expect(
      history.map(({ fromStatus, toStatus, jobValueCents, lostReason, actorId }) => ({
        fromStatus,
        toStatus,
        jobValueCents,
        lostReason,
        actorId,
      })),
    ).toEqual([
      {
        fromStatus: "new",
        toStatus: "contacted",
        jobValueCents: null,
        lostReason: null,
        actorId: actor.id,
      },
      {
        fromStatus: "contacted",
        toStatus: "won",
        jobValueCents: 1_250_050,
        lostReason: null,
        actorId: actor.id,
      },
      {
        fromStatus: "won",
        toStatus: "lost",
        jobValueCents: null,
        lostReason: "Went with a cheaper quote",
        actorId: actor.id,
      },
    ]);

    const audit = await auditFor(lead.id, "lead.status");
    expect(audit.map((entry) => entry.details)).toEqual([
      { from: "new", to: "contacted" },
      { from: "contacted", to: "won", jobValueCents: 1_250_050 },
      { from: "won", to: "lost", lostReason: "Went with a cheaper quote" },
    ]);
    expect(audit[0]).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      ipAddress: actor.ip,
    });

    const detail = await getLeadDetail(database.db, lead.id);
    expect(detail?.history.map((entry) => [entry.toStatus, entry.actorName])).toEqual([
      ["lost", "Sam Staff"],
      ["won", "Sam Staff"],
      ["contacted", "Sam Staff"],
    ]);
  });

  it("refuses what the pipeline does not allow, with the message beside the field", async () => {
    const lead = await insertLead(database.db, { source: "Radio" });
    const change = (status: string, jobValue = "", lostReason = "") =>
      changeLeadStatus(database, actor, lead.id, { status, jobValue, lostReason });

    expect(await change("won")).toEqual({
      kind: "invalid",
      errors: { jobValue: "Enter the job value in dollars" },
    });
    expect(await change("won", "twelve")).toEqual({
      kind: "invalid",
      errors: { jobValue: "Enter the job value in dollars, like 12,500 or 12500.50" },
    });
    expect(await change("lost", "", "   ")).toEqual({
      kind: "invalid",
      errors: { lostReason: "Say why the lead was lost" },
    });
    expect(await change("lost", "", "x".repeat(501))).toMatchObject({ kind: "invalid" });
    expect(await change("archived")).toEqual({
      kind: "invalid",
      errors: { status: "Choose a status from the list" },
    });
    expect(await change("new")).toEqual({
      kind: "invalid",
      errors: { status: "The lead is already New" },
    });
    expect(
      await changeLeadStatus(database, actor, "8d0c5c1e-0000-4000-8000-000000000000", {
        status: "contacted",
        jobValue: "",
        lostReason: "",
      }),
    ).toEqual({ kind: "not_found" });
    expect(
      await changeLeadStatus(database, actor, "not-an-id", {
        status: "new",
        jobValue: "",
        lostReason: "",
      }),
    ).toEqual({
      kind: "not_found",
    });

    const unchanged = await storedLead(database, lead.id);
    expect(unchanged?.status).toBe("new");
    expect(await auditFor(lead.id, "lead.status")).toEqual([]);
  });

  it("lets a won job's value be corrected", async () => {
    const lead = await insertLead(database.db, { source: "Radio" });
    const won = (jobValue: string) =>
      changeLeadStatus(database, actor, lead.id, { status: "won", jobValue, lostReason: "" });
    expect(await won("9000")).toMatchObject({ kind: "changed", jobValueCents: 900_000 });
    expect(await won("9,000.00")).toEqual({
      kind: "invalid",
      errors: { status: "The lead is already Won" },
    });
    expect(await won("9,500")).toMatchObject({ kind: "changed", jobValueCents: 950_000 });
  });
});

describe("notes", () => {
  it("are added with their author and audited", async () => {
    const lead = await insertLead(database.db, { source: "Radio" });
    const outcome = await addLeadNote(
      database,
      actor,
      lead.id,
      "  Called, left a message.\r\nTry Friday.  ",
    );
    expect(outcome.kind).toBe("added");
    expect(await addLeadNote(database, actor, lead.id, "   ")).toEqual({
      kind: "invalid",
      errors: { body: "Write the note first" },
    });
    expect(await addLeadNote(database, actor, lead.id, "x".repeat(5001))).toMatchObject({
      kind: "invalid",
    });

    const detail = await getLeadDetail(database.db, lead.id);
    expect(detail?.notes).toMatchObject([
      { body: "Called, left a message.\nTry Friday.", authorName: "Sam Staff" },
    ]);
    const audit = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "lead.note"), eq(auditEvents.target, `lead:${lead.id}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({ length: 35 });
  });

  it("need a lead", async () => {
    expect(
      await addLeadNote(database, actor, "8d0c5c1e-0000-4000-8000-000000000000", "Hello"),
    ).toEqual({ kind: "not_found" });
  });
});
