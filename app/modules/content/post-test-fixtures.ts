import { asc, eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import { auditEvents, authors, categories, users } from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { savePost } from "./post-save.server";

type PostInput = Parameters<typeof savePost>[3];

/**
 * What the posts integration tests stand on: a database of the test file's own, an editor,
 * two authors and two categories (their ids are set before the first test), and helpers
 * to write a post and read a target's audit trail.
 */
export function postFixtures() {
  const database = testDatabaseForFile();
  const actor: Actor = { id: "editor-posts-1", email: "edie@example.com", ip: "198.18.0.9" };
  const ids = { authorId: 0, otherAuthorId: 0, tips: 0, showers: 0 };

  beforeAll(async () => {
    const db = database.db;
    await db.insert(users).values({
      id: actor.id,
      name: "Edie Editor",
      email: actor.email,
      role: "editor",
    });
    [{ id: ids.authorId }, { id: ids.otherAuthorId }] = (await db
      .insert(authors)
      .values([
        { name: "Maya Chen", slug: "maya-chen" },
        { name: "Tom Alvarez", slug: "tom-alvarez" },
      ])
      .returning({ id: authors.id })) as [{ id: number }, { id: number }];
    [{ id: ids.tips }, { id: ids.showers }] = (await db
      .insert(categories)
      .values([
        { name: "Tips", slug: "tips" },
        { name: "Showers", slug: "showers" },
      ])
      .returning({ id: categories.id })) as [{ id: number }, { id: number }];
  });

  const draft = (title: string, extra: Partial<PostInput> = {}): PostInput => ({
    title,
    slug: undefined,
    excerpt: "",
    body: "Some **Markdown**.",
    authorId: ids.authorId,
    categoryIds: [ids.tips],
    status: "draft" as const,
    publishAt: null,
    seoTitle: "",
    seoDescription: "",
    ...extra,
  });

  async function create(title: string, extra: Partial<PostInput> = {}) {
    const outcome = await savePost(database, actor, undefined, draft(title, extra));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    return outcome;
  }

  const auditOf = (target: string) =>
    database.db
      .select({
        action: auditEvents.action,
        details: auditEvents.details,
        by: auditEvents.actorEmail,
      })
      .from(auditEvents)
      .where(eq(auditEvents.target, target))
      .orderBy(asc(auditEvents.id));

  return { database, actor, ids, draft, create, auditOf };
}
