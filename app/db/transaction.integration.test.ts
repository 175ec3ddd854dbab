import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { affiliates } from "./schema";
import { testDatabaseForFile } from "./test-database.server";

const database = testDatabaseForFile();

describe("transactions", () => {
  it("commit what the work wrote, through Drizzle and raw SQL alike", async () => {
    await database.transaction(async (tx) => {
      await tx.db
        .insert(affiliates)
        .values({ code: "tx-one", name: "One", email: "one@x.example" });
      await tx.executeSql("insert into affiliates (code, name, email) values ($1, $2, $3)", [
        "tx-two",
        "Two",
        "two@x.example",
      ]);
    });
    const rows = await database.db.select().from(affiliates);
    expect(rows.map((row) => row.code).sort()).toEqual(["tx-one", "tx-two"]);
  });

  it("roll back everything when the work throws", async () => {
    await expect(
      database.transaction(async (tx) => {
        await tx.db
          .insert(affiliates)
          .values({ code: "tx-three", name: "Three", email: "three@x.example" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const rows = await database.db.select().from(affiliates).where(eq(affiliates.code, "tx-three"));
    expect(rows).toEqual([]);
    // The connection is usable afterwards.
    await database.ping();
  });
});
