import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditEvents, authors, categories, postCategories, posts } from "~/db/schema";
import { DEMO_AUTHORS, DEMO_CATEGORIES } from "~/db/demo-blog";
import { seedDemoContent } from "~/db/seed";
import { testDatabaseForFile } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { settleImageField } from "~/modules/media/uploads.server";
import { AUTHOR, authorCommands } from "./authors.server";
import { CATEGORY, categoryCommands } from "./categories.server";

const database = testDatabaseForFile();
const actor: Actor = {
  id: null as unknown as string,
  email: "editor@example.com",
  ip: "198.18.0.9",
};
let stamp = 0;
const unique = (name: string) => `${name} ${Date.now()}${++stamp}`;

async function auditFor(target: string) {
  const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.target, target));
  return rows.map((row) => ({ action: row.action, details: row.details }));
}

/** Posts exist before their editor does: inserted directly, with their categories. */
async function insertPost(authorId: number, categoryIds: number[] = []) {
  const title = unique("Post");
  const [post] = await database.db
    .insert(posts)
    .values({ title, slug: title.toLowerCase().replaceAll(" ", "-"), authorId })
    .returning({ id: posts.id });
  if (categoryIds.length > 0) {
    await database.db
      .insert(postCategories)
      .values(categoryIds.map((categoryId) => ({ postId: post!.id, categoryId })));
  }
  return post!.id;
}

const authorValues = (name: string, slug?: string) => ({ name, slug, title: "Writer", bio: "" });
const categoryValues = (name: string, slug?: string) => ({ name, slug, description: "About it" });

async function newAuthor(name = unique("Author")) {
  const outcome = await authorCommands.create(database, actor, authorValues(name));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.id;
}
async function newCategory(name = unique("Category")) {
  const outcome = await categoryCommands.create(database, actor, categoryValues(name));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.id;
}

describe("the demo seed", () => {
  it("adds the demo authors and categories once", async () => {
    await seedDemoContent(database.db);
    await seedDemoContent(database.db);
    const slugs = (await authorCommands.list(database.db)).map((author) => author.slug);
    expect(slugs.sort()).toEqual(DEMO_AUTHORS.map((author) => author.slug).sort());
    const categorySlugs = (await categoryCommands.list(database.db)).map(
      (category) => category.slug,
    );
    expect(categorySlugs.sort()).toEqual(DEMO_CATEGORIES.map((category) => category.slug).sort());
  });
});

describe("authors", () => {
  it("creates an author with a slug made from the name, and audits it", async () => {
    const outcome = await authorCommands.create(
      database,
      actor,
      authorValues("Renée O'Brien & Co"),
    );
    expect(outcome).toMatchObject({ ok: true, slug: "renee-obrien-and-co" });
    if (!outcome.ok) return;
    const listed = (await authorCommands.list(database.db)).find(
      (author) => author.id === outcome.id,
    );
    expect(listed).toMatchObject({ name: "Renée O'Brien & Co", title: "Writer", postCount: 0 });
    expect(await auditFor(`author:${outcome.id}`)).toEqual([
      {
        action: "author.create",
        details: { name: "Renée O'Brien & Co", slug: "renee-obrien-and-co", title: "Writer" },
      },
    ]);
  });

  it("refuses a slug another author holds, on create and on edit", async () => {
    const first = await authorCommands.create(
      database,
      actor,
      authorValues("Sam Taken", "sam-taken"),
    );
    expect(first.ok).toBe(true);
    expect(await authorCommands.create(database, actor, authorValues("Sam Taken"))).toEqual({
      ok: false,
      errors: { slug: AUTHOR.messages.slugTaken },
    });
    const other = await newAuthor();
    expect(
      await authorCommands.update(database, actor, other, authorValues("Other", "sam-taken")),
    ).toEqual({
      ok: false,
      errors: { slug: AUTHOR.messages.slugTaken },
    });
    // Keeping one's own slug is no conflict.
    if (!first.ok) return;
    expect(
      await authorCommands.update(
        database,
        actor,
        first.id,
        authorValues("Sam Taken", "sam-taken"),
      ),
    ).toMatchObject({ ok: true });
  });

  it("asks for a slug when the name has no letters or digits", async () => {
    expect(await authorCommands.create(database, actor, authorValues("?!"))).toEqual({
      ok: false,
      errors: { slug: AUTHOR.messages.noSlug },
    });
  });

  it("edits an author and audits what changed, keeping the photo", async () => {
    const id = await newAuthor("Pat Before");
    await database.db.update(authors).set({ photoAlt: "Pat smiling" }).where(eq(authors.id, id));
    const outcome = await authorCommands.update(database, actor, id, {
      name: "Pat After",
      slug: "pat-after",
      title: "Writer",
      bio: "New bio",
    });
    expect(outcome).toEqual({ ok: true, id, slug: "pat-after" });
    const [row] = await database.db.select().from(authors).where(eq(authors.id, id));
    expect(row).toMatchObject({ name: "Pat After", slug: "pat-after", bio: "New bio" });
    expect(row!.photoAlt).toBe("Pat smiling");
    const audit = await auditFor(`author:${id}`);
    expect(audit.at(-1)).toEqual({
      action: "author.update",
      details: {
        name: "Pat After",
        changes: [
          { field: "name", from: "Pat Before", to: "Pat After" },
          { field: "slug", from: "pat-before", to: "pat-after" },
          { field: "bio", from: "", to: "New bio" },
        ],
      },
    });
    expect(await authorCommands.update(database, actor, 999_999, authorValues("Gone"))).toEqual({
      ok: false,
      errors: { form: AUTHOR.messages.notFound },
    });
  });

  it("deletes an unused author", async () => {
    const id = await newAuthor();
    expect(await authorCommands.remove(database, actor, id)).toMatchObject({
      ok: true,
      postsMoved: 0,
    });
    expect(await database.db.select().from(authors).where(eq(authors.id, id))).toEqual([]);
    expect((await auditFor(`author:${id}`)).at(-1)).toMatchObject({
      action: "author.delete",
      details: { postsMoved: 0, movedTo: null },
    });
    expect(await authorCommands.remove(database, actor, id)).toEqual({
      ok: false,
      error: AUTHOR.messages.notFound,
    });
  });

  it("refuses to delete an author while posts name them, or moves the posts first", async () => {
    const id = await newAuthor();
    const heir = await newAuthor();
    const postIds = [await insertPost(id), await insertPost(id)];
    expect((await authorCommands.list(database.db)).find((a) => a.id === id)?.postCount).toBe(2);

    expect(await authorCommands.remove(database, actor, id)).toEqual({
      ok: false,
      error: "2 posts use this author. Choose another author to move them to, then delete.",
    });
    expect(await authorCommands.remove(database, actor, id, id)).toEqual({
      ok: false,
      error: AUTHOR.messages.moveToSelf,
    });
    expect(await authorCommands.remove(database, actor, id, 999_999)).toEqual({
      ok: false,
      error: AUTHOR.messages.moveToMissing,
    });
    expect(await database.db.select().from(authors).where(eq(authors.id, id))).toHaveLength(1);

    expect(await authorCommands.remove(database, actor, id, heir)).toMatchObject({
      ok: true,
      postsMoved: 2,
    });
    const moved = await database.db.select().from(posts).where(inArray(posts.id, postIds));
    expect(moved.map((post) => post.authorId)).toEqual([heir, heir]);
    expect((await auditFor(`author:${id}`)).at(-1)).toMatchObject({
      action: "author.delete",
      details: { postsMoved: 2, movedTo: `author:${heir}` },
    });
  });
});

describe("categories", () => {
  it("creates, refuses a taken slug and edits, audited", async () => {
    const outcome = await categoryCommands.create(database, actor, categoryValues("Tile & Stone"));
    expect(outcome).toMatchObject({ ok: true, slug: "tile-and-stone" });
    if (!outcome.ok) return;
    expect(
      await categoryCommands.create(database, actor, categoryValues("Tile and stone")),
    ).toEqual({
      ok: false,
      errors: { slug: CATEGORY.messages.slugTaken },
    });
    expect(
      await categoryCommands.update(database, actor, outcome.id, {
        name: "Tile and stone",
        slug: "tile",
        description: "Floors and walls",
      }),
    ).toEqual({ ok: true, id: outcome.id, slug: "tile" });
    expect(
      (await categoryCommands.list(database.db)).find((c) => c.id === outcome.id),
    ).toMatchObject({
      name: "Tile and stone",
      slug: "tile",
      description: "Floors and walls",
      postCount: 0,
    });
    expect((await auditFor(`category:${outcome.id}`)).map((event) => event.action)).toEqual([
      "category.create",
      "category.update",
    ]);
  });

  it("refuses to delete a category in use; moving gives each post the chosen category once", async () => {
    const author = await newAuthor();
    const doomed = await newCategory();
    const heir = await newCategory();
    const other = await newCategory();
    const onlyDoomed = await insertPost(author, [doomed]);
    const both = await insertPost(author, [doomed, heir]);
    const doomedAndOther = await insertPost(author, [doomed, other]);
    const untouched = await insertPost(author, [other]);

    expect(await categoryCommands.remove(database, actor, doomed)).toEqual({
      ok: false,
      error: "3 posts use this category. Choose another category to move them to, then delete.",
    });
    expect(await categoryCommands.remove(database, actor, doomed, 999_999)).toEqual({
      ok: false,
      error: CATEGORY.messages.moveToMissing,
    });

    expect(await categoryCommands.remove(database, actor, doomed, heir)).toMatchObject({
      ok: true,
      postsMoved: 3,
    });
    const links = await database.db
      .select()
      .from(postCategories)
      .where(inArray(postCategories.postId, [onlyDoomed, both, doomedAndOther, untouched]));
    const categoriesOf = (postId: number) =>
      links
        .filter((link) => link.postId === postId)
        .map((link) => link.categoryId)
        .sort((a, b) => a - b);
    expect(categoriesOf(onlyDoomed)).toEqual([heir]);
    expect(categoriesOf(both)).toEqual([heir]);
    expect(categoriesOf(doomedAndOther)).toEqual([heir, other].sort((a, b) => a - b));
    expect(categoriesOf(untouched)).toEqual([other]);
    expect(await database.db.select().from(categories).where(eq(categories.id, doomed))).toEqual(
      [],
    );
    expect((await auditFor(`category:${doomed}`)).at(-1)).toMatchObject({
      action: "category.delete",
      details: { postsMoved: 3, movedTo: `category:${heir}` },
    });
    const heirRow = (await categoryCommands.list(database.db)).find((c) => c.id === heir);
    expect(heirRow?.postCount).toBe(3);
    const leftOver = await database.db
      .select()
      .from(postCategories)
      .where(eq(postCategories.categoryId, doomed));
    expect(leftOver).toEqual([]);
  });
});

describe("an author's photo", () => {
  it("is saved with its alt text, kept by an edit that says nothing, and removed with null", async () => {
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#6b7f8c" },
    })
      .png()
      .toBuffer();
    const photo = await settleImageField(database, actor, {
      file: new File([new Uint8Array(png)], "pat.png", { type: "image/png" }),
    });
    const photoImageId = photo.ok ? photo.imageId : undefined;
    expect(photoImageId).toBeTruthy();
    const name = unique("Pat");
    const created = await authorCommands.create(database, actor, {
      ...authorValues(name),
      photoImageId,
      photoAlt: "Pat in the showroom",
    });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const read = async () =>
      (await database.db.select().from(authors).where(eq(authors.id, created.id)))[0];
    expect(await read()).toMatchObject({ photoImageId, photoAlt: "Pat in the showroom" });

    await authorCommands.update(database, actor, created.id, {
      ...authorValues(name),
      bio: "Now a bio",
    });
    expect(await read()).toMatchObject({ photoImageId, photoAlt: "Pat in the showroom" });

    await authorCommands.update(database, actor, created.id, {
      ...authorValues(name),
      photoImageId: null,
      photoAlt: "",
    });
    expect(await read()).toMatchObject({ photoImageId: null, photoAlt: "" });
    expect((await auditFor(`author:${created.id}`)).at(-1)).toMatchObject({
      action: "author.update",
    });
  });
});
