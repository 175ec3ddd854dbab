import { describe, expect, it } from "vitest";
import { createRedirectHref, dismissSchema, readNotFoundFilter } from "./not-found-log.schema";

const read = (query: string) => readNotFoundFilter(new URLSearchParams(query));

describe("the 404 log's address", () => {
  it("reads the sort, the dismissed switch and the page", () => {
    expect(read("sort=recent&dismissed=1&page=3")).toEqual({
      sort: "recent",
      dismissed: true,
      page: 3,
    });
  });

  it("takes anything unreadable as not given", () => {
    const defaults = { sort: "hits", dismissed: false, page: 1 };
    expect(read("")).toEqual(defaults);
    expect(read("sort=oldest&dismissed=yes&page=-2")).toEqual(defaults);
    expect(read("page=abc")).toEqual(defaults);
    expect(read("page=1e9")).toEqual(defaults);
  });
});

describe("the Dismiss form", () => {
  it("takes an entry id", () => {
    expect(dismissSchema.parse({ intent: "dismiss", entryId: "12" })).toEqual({
      intent: "dismiss",
      entryId: 12,
    });
  });

  it.each([
    {},
    { intent: "dismiss" },
    { intent: "dismiss", entryId: "x" },
    { intent: "other", entryId: "1" },
  ])("refuses %j with one plain message", (values) => {
    const result = dismissSchema.safeParse(values);
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) {
      expect(issue.message).toBe("That request was not understood.");
    }
  });
});

it("links Create redirect to the redirects screen's form with the path encoded", () => {
  expect(createRedirectHref("/old page/é?&#")).toBe(
    "/admin/redirects?fromPath=%2Fold%20page%2F%C3%A9%3F%26%23#new-redirect",
  );
});
