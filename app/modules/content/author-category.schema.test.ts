import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { authorSchemas } from "./author.schema";
import { categorySchemas } from "./category.schema";

const parse = (schema: z.ZodType, fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema });
};
const errorsOf = (schema: z.ZodType, fields: Record<string, string>) => {
  const submission = parse(schema, fields);
  return submission.status === "success" ? undefined : submission.error;
};

describe("the authors screen's forms", () => {
  it("asks for a name, empty or blank alike", () => {
    expect(errorsOf(authorSchemas.command, { intent: "create", name: "" })).toEqual({
      name: ["Enter the author's name."],
    });
    expect(errorsOf(authorSchemas.command, { intent: "create", name: "   " })).toEqual({
      name: ["Enter the author's name."],
    });
  });

  it("answers a malformed slug and over-long fields beside them", () => {
    expect(
      errorsOf(authorSchemas.command, {
        intent: "create",
        name: "x".repeat(101),
        slug: "no spaces--here",
        title: "t".repeat(101),
        bio: "b".repeat(2001),
      }),
    ).toEqual({
      name: ["Keep it to 100 characters or fewer."],
      slug: ["Use lower-case letters, digits and single hyphens, like design-ideas."],
      title: ["Keep it to 100 characters or fewer."],
      bio: ["Keep it to 2000 characters or fewer."],
    });
  });

  it("reads a slug typed in capitals as lower case, and leaves an empty one to the server", () => {
    const typed = parse(authorSchemas.command, {
      intent: "create",
      name: " Ada ",
      slug: " Ada-L ",
    });
    expect(typed.status === "success" && typed.value).toEqual({
      intent: "create",
      name: "Ada",
      slug: "ada-l",
      title: "",
      bio: "",
    });
    const empty = parse(authorSchemas.command, { intent: "create", name: "Ada" });
    expect(empty.status === "success" && empty.value).not.toHaveProperty("slug");
  });

  it("reads a delete with or without where to move the posts", () => {
    const plain = parse(authorSchemas.command, { intent: "delete", authorId: "4" });
    expect(plain.status === "success" && plain.value).toEqual({ intent: "delete", authorId: 4 });
    const moved = parse(authorSchemas.command, { intent: "delete", authorId: "4", moveTo: "7" });
    expect(moved.status === "success" && moved.value).toMatchObject({ moveTo: 7 });
    expect(
      errorsOf(authorSchemas.command, { intent: "delete", authorId: "x", moveTo: "y" }),
    ).toEqual({
      authorId: ["That request was not understood."],
      moveTo: ["Choose the author to move the posts to."],
    });
  });
});

describe("the categories screen's forms", () => {
  it("asks for a name and checks the slug and description", () => {
    expect(
      errorsOf(categorySchemas.command, {
        intent: "update",
        categoryId: "2",
        name: "",
        slug: "é",
        description: "d".repeat(501),
      }),
    ).toEqual({
      name: ["Enter the category's name."],
      slug: ["Use lower-case letters, digits and single hyphens, like design-ideas."],
      description: ["Keep it to 500 characters or fewer."],
    });
  });

  it("asks where to move the posts in plain words", () => {
    expect(
      errorsOf(categorySchemas.command, { intent: "delete", categoryId: "2", moveTo: "0" }),
    ).toEqual({ moveTo: ["Choose the category to move the posts to."] });
  });
});
