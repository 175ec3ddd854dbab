import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~/db/test-database.server";
import {
  auditActions,
  auditPage,
  AUDIT_PAGE_SIZE,
  parseAuditCursor,
  readAuditFilter,
} from "./audit-log.server";
import { recordAudit } from "./audit.server";

const database = testDatabaseForFile();

describe("the audit log's pages", () => {
  it("pages newest first and filters by action", async () => {
    for (let index = 0; index < 60; index += 1) {
      await recordAudit(
        database.db,
        { id: null, email: "someone@example.com", ip: "192.0.2.1" },
        { action: index % 3 === 0 ? "sign_in_failed" : "sign_in", details: { index } },
      );
    }
    const first = await auditPage(database.db, {});
    expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.events[0]!.details).toEqual({ index: 59 });
    const second = await auditPage(database.db, { before: parseAuditCursor(String(first.next)) });
    expect(second.events).toHaveLength(10);
    expect(second.next).toBeNull();

    const failures = await auditPage(database.db, { action: "sign_in_failed" });
    expect(failures.events).toHaveLength(20);
    expect(failures.events.every((event) => event.action === "sign_in_failed")).toBe(true);
    expect(await auditActions(database.db)).toEqual(["sign_in", "sign_in_failed"]);
    expect(parseAuditCursor("12; drop")).toBeUndefined();
  });

  it("reads its filter from the address, ignoring what it cannot read", () => {
    expect(readAuditFilter(new URLSearchParams("action=%20sign_in%20&before=42"))).toEqual({
      action: "sign_in",
      before: 42,
    });
    expect(readAuditFilter(new URLSearchParams("before=12;drop&other=1"))).toEqual({
      action: "",
      before: undefined,
    });
    expect(readAuditFilter(new URLSearchParams(`action=${"x".repeat(300)}`)).action).toHaveLength(
      100,
    );
  });
});
