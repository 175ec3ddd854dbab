import { describe, expect, it } from "vitest";
import { mailMessages } from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import {
  decodeMailCursor,
  mailLogPage,
  mailMessage,
  MAIL_PAGE_SIZE,
  readMailFilter,
} from "./mail-log.server";

const database = testDatabaseForFile();

describe("the mail log's pages", () => {
  it("pages through every message once, even many stored at the same instant", async () => {
    // One transaction: now() is the same for every row.
    await database.transaction(async (tx) => {
      await tx.db.insert(mailMessages).values(
        Array.from({ length: 120 }, (_, index) => ({
          kind: "test",
          to: [`person${index}@example.com`],
          subject: `Message ${index}`,
          text: `Body ${index}`,
          status: index % 10 === 0 ? ("failed" as const) : ("kept" as const),
        })),
      );
    });
    await database.db
      .insert(mailMessages)
      .values({ kind: "test", to: ["late@example.com"], subject: "Newest", text: "x" });

    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await mailLogPage(database.db, { before });
      pages += 1;
      expect(page.messages.length).toBeLessThanOrEqual(MAIL_PAGE_SIZE);
      expect(page.messages.every((message) => !("text" in message))).toBe(true);
      seen.push(...page.messages.map((message) => message.id));
      if (!page.next) break;
      before = decodeMailCursor(page.next);
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(121);
    expect(new Set(seen).size).toBe(121);
    const first = await mailMessage(database.db, seen[0]!);
    expect(first?.subject).toBe("Newest");

    const failed = await mailLogPage(database.db, { status: "failed" });
    expect(failed.messages).toHaveLength(12);
    expect(failed.next).toBeNull();
    expect(decodeMailCursor("not-a-cursor")).toBeUndefined();
    expect(await mailMessage(database.db, "nope")).toBeUndefined();
  });

  it("shows that a password link was sent, never the link's token, even while queued", async () => {
    const [row] = await database.db
      .insert(mailMessages)
      .values({
        kind: "staff.password",
        to: ["invited@example.com"],
        subject: "Set your password for the staff area",
        text: "Use this link:\n\nhttp://localhost:3000/admin/set-password?token=LiveToken_123\n",
      })
      .returning();
    const shown = await mailMessage(database.db, row!.id);
    expect(shown?.text).toContain("/admin/set-password?token=[hidden]");
    expect(shown?.text).not.toContain("LiveToken_123");
  });

  it("reads its filter from the address, ignoring what it cannot read", () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect(readMailFilter(new URLSearchParams(`status=failed&before=${id}&message=${id}`))).toEqual(
      { status: "failed", before: id, message: id },
    );
    expect(readMailFilter(new URLSearchParams("status=lost&before=1&message=x"))).toEqual({
      status: undefined,
      before: undefined,
      message: undefined,
    });
  });
});
