import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { affiliateUsers } from "./schema";
import { testDatabaseForFile } from "./test-database.server";

const database = testDatabaseForFile();

describe("transactions", () => {
  it("commit what the work wrote, through Drizzle and raw SQL alike", async () => {
    await database.transaction(async (tx) => {
      await tx.db
        .insert(affiliateUsers)
        .values({ id: randomUUID(), name: "tx-one", email: "one@x.example" });
      await tx.executeSql(
        "insert into affiliate_users (id, name, email) values (gen_random_uuid(), $1, $2)",
        ["tx-two", "two@x.example"],
      );
    });
    const rows = await database.db.select().from(affiliateUsers);
    expect(rows.map((row) => row.name).sort()).toEqual(["tx-one", "tx-two"]);
  });

  it("roll back everything when the work throws", async () => {
    await expect(
      database.transaction(async (tx) => {
        await tx.db
          .insert(affiliateUsers)
          .values({ id: randomUUID(), name: "tx-three", email: "three@x.example" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const rows = await database.db
      .select()
      .from(affiliateUsers)
      .where(eq(affiliateUsers.name, "tx-three"));
    expect(rows).toEqual([]);
    // The connection is usable afterwards.
    await database.ping();
  });
});

describe("closing the embedded database", () => {
  it.skipIf(process.env.TEST_DB_DRIVER === "postgres")(
    "waits for a query sent just before, as pg-boss sends a job's completion unawaited",
    async () => {
      const { createTestDatabase } = await import("./test-database.server");
      const own = await createTestDatabase();
      const sentLast = own.executeSql("select 1 as one");
      await own.destroy();
      await expect(sentLast).resolves.toEqual({ rows: [{ one: 1 }] });
    },
  );
});
