import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  bulkSchema,
  instantToZonedTime,
  POST_MESSAGES,
  postEditorSchema,
  zonedTimeToInstant,
} from "./post.schema";

const form = (schema: typeof postEditorSchema | typeof bulkSchema, fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return parseWithZod(data, { schema });
};
const errorsOf = (fields: [string, string][]) => {
  const submission = form(postEditorSchema, fields);
  return submission.status === "success" ? undefined : submission.error;
};

const valid: [string, string][] = [
  ["intent", "save"],
  ["title", "  Planning a walk-in shower "],
  ["authorId", "3"],
  ["categoryIds", "4"],
  ["status", "draft"],
];

describe("the post editor's form", () => {
  it("reads a draft with one category, trimmed, the optional fields empty", () => {
    const submission = form(postEditorSchema, valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      intent: "save",
      title: "Planning a walk-in shower",
      authorId: 3,
      categoryIds: [4],
      status: "draft",
      excerpt: "",
      body: "",
      seoTitle: "",
      seoDescription: "",
    });
  });

  it("reads several categories", () => {
    const submission = form(postEditorSchema, [...valid, ["categoryIds", "7"]]);
    expect(submission.status === "success" && submission.value).toMatchObject({
      categoryIds: [4, 7],
    });
  });

  it("answers each missing field's message beside it", () => {
    expect(errorsOf([["intent", "save"]])).toEqual({
      title: [POST_MESSAGES.title],
      authorId: [POST_MESSAGES.author],
      categoryIds: [POST_MESSAGES.categories],
      status: [POST_MESSAGES.status],
    });
  });

  it("refuses a slug that is not lower-case words joined by hyphens", () => {
    for (const slug of ["Shower-Ideas", "two--hyphens", "-leading", "spaces in it", "ümlaut"]) {
      expect(errorsOf([...valid, ["slug", slug]]), slug).toEqual({
        slug: [POST_MESSAGES.slugPattern],
      });
    }
    expect(errorsOf([...valid, ["slug", "a".repeat(81)]])?.slug).toContain(
      POST_MESSAGES.slugLength,
    );
    expect(errorsOf([...valid, ["slug", "walk-in-shower-2"]])).toBeUndefined();
  });

  it("holds SEO titles to 70 characters and descriptions to 200", () => {
    expect(errorsOf([...valid, ["seoTitle", "t".repeat(70)]])).toBeUndefined();
    expect(errorsOf([...valid, ["seoTitle", "t".repeat(71)]])).toEqual({
      seoTitle: [POST_MESSAGES.seoTitleLength],
    });
    expect(errorsOf([...valid, ["seoDescription", "d".repeat(201)]])).toEqual({
      seoDescription: [POST_MESSAGES.seoDescriptionLength],
    });
    expect(POST_MESSAGES.seoTitleLength).toBe(
      "Keep the SEO title to 70 characters or fewer (60 or fewer show in full).",
    );
  });

  it("needs a time in the future to schedule", () => {
    const scheduled = valid.map(([name, value]): [string, string] =>
      name === "status" ? [name, "scheduled"] : [name, value],
    );
    expect(errorsOf(scheduled)).toEqual({ publishAt: [POST_MESSAGES.publishAt] });
    expect(errorsOf([...scheduled, ["publishAt", "2020-01-01T09:00"]])).toEqual({
      publishAt: [POST_MESSAGES.publishAtPast],
    });
    expect(errorsOf([...scheduled, ["publishAt", "2099-02-30T09:00"]])).toEqual({
      publishAt: [POST_MESSAGES.publishAt],
    });
    expect(errorsOf([...scheduled, ["publishAt", "2099-06-01T09:00"]])).toBeUndefined();
  });

  it("reads a restore with its revision", () => {
    const submission = form(postEditorSchema, [
      ["intent", "restore"],
      ["postId", "5"],
      ["revisionId", "12"],
    ]);
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "restore",
      postId: 5,
      revisionId: 12,
    });
  });
});

describe("the list's bulk actions", () => {
  it("needs at least one ticked post", () => {
    const submission = form(bulkSchema, [["intent", "publish"]]);
    expect(submission.status !== "success" && submission.error).toEqual({
      postIds: [POST_MESSAGES.choosePosts],
    });
    const ok = form(bulkSchema, [
      ["intent", "delete"],
      ["postIds", "1"],
      ["postIds", "2"],
    ]);
    expect(ok.status === "success" && ok.value).toEqual({ intent: "delete", postIds: [1, 2] });
  });
});

describe("times in the company's time zone", () => {
  it("reads a wall-clock time in New York, in winter and in summer", () => {
    expect(zonedTimeToInstant("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T14:30:00.000Z");
    expect(zonedTimeToInstant("2026-07-01T09:30")?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(zonedTimeToInstant("not a time")).toBeUndefined();
    expect(zonedTimeToInstant("2026-13-01T09:30")).toBeUndefined();
  });

  it("writes an instant back as the field shows it", () => {
    expect(instantToZonedTime(new Date("2026-12-01T14:30:00Z"))).toBe("2026-12-01T09:30");
    expect(instantToZonedTime("2026-07-01T13:30:00Z")).toBe("2026-07-01T09:30");
  });
});
