import { describe, expect, it, vi } from "vitest";
import { testDatabaseForFile } from "~/db/test-database.server";
import { PAGE_CACHE_CHANNEL } from "~/modules/platform/page-cache-policy";
import { changesPublicPages, recordAudit } from "./audit.server";

/**
 * An audited change a public page may show tells every instance to empty its page cache
 * (docs/decisions/015-page-cache.md): once its transaction commits, never if it rolls back.
 */

const database = testDatabaseForFile();
const staff = { id: null, email: "editor@example.com", ip: "192.0.2.1" };

describe("page cache notifications", () => {
  it("reach a listener when a change commits, and not for a rollback or a sign-in", async () => {
    let heard = 0;
    const stop = await database.listen(PAGE_CACHE_CHANNEL, () => (heard += 1));
    try {
      let heardInside = -1;
      await database.transaction(async (tx) => {
        await recordAudit(tx.db, staff, { action: "settings.update" });
        // Not yet: the change is not visible to other requests until it commits.
        await new Promise((resolve) => setTimeout(resolve, 50));
        heardInside = heard;
      });
      expect(heardInside).toBe(0);
      await vi.waitFor(() => expect(heard).toBe(1));

      await expect(
        database.transaction(async (tx) => {
          await recordAudit(tx.db, staff, { action: "post.publish", target: "post:1" });
          throw new Error("the save failed");
        }),
      ).rejects.toThrow("the save failed");
      await recordAudit(database.db, staff, { action: "sign_in" });
      await recordAudit(database.db, staff, { action: "lead.status", target: "lead:1" });
      // Notifications arrive in commit order: once this one is heard, none came before it.
      await recordAudit(database.db, staff, { action: "review.publish", target: "review:1" });
      await vi.waitFor(() => expect(heard).toBe(2));
    } finally {
      await stop();
    }
    await recordAudit(database.db, staff, { action: "settings.update" });
    await recordAudit(database.db, staff, { action: "settings.update" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toBe(2);
  });

  it("tells page-changing actions from the rest", () => {
    for (const action of [
      "settings.update",
      "post.publish",
      "posts.bulk_unpublish",
      "review.hide",
      "redirect.create",
      "redirects.import",
      "author.update",
      "category.delete",
      "giveaway.draw",
      "visualizer_option.update",
    ]) {
      expect(changesPublicPages(action), action).toBe(true);
    }
    for (const action of [
      "sign_in",
      "sign_in_failed",
      "sign_out",
      "account.password",
      "lead.status",
      "leads.export",
      "giveaway.export",
      "settings.webhook.test",
      "affiliate.status",
      "payout.recorded",
      "staff.role",
      "qr_code.create",
      "image.upload",
      "not_found.dismiss",
    ]) {
      expect(changesPublicPages(action), action).toBe(false);
    }
  });
});
