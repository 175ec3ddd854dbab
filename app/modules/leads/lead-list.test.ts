import { describe, expect, it } from "vitest";
import { leadFilterQuery, parseCursor, parseLeadFilter } from "./lead-list.server";

describe("the inbox filter", () => {
  const parse = (query: string) => parseLeadFilter(new URLSearchParams(query));

  it("keeps the valid fields and explains the wrong ones", () => {
    const { filter, errors } = parse(
      "status=won&source=Google&from=2026-02-30&to=2026-11-20&affiliate=nobody&q=%20ada%20",
    );
    expect(filter).toEqual({ status: "won", source: "Google", to: "2026-11-20", q: "ada" });
    expect(errors).toEqual({
      from: "Enter a date like 2026-11-20",
      affiliate: "Choose an affiliate from the list",
    });
  });

  it("refuses an unknown status and an end before the start", () => {
    const { filter, errors } = parse("status=maybe&from=2026-11-20&to=2026-11-01");
    expect(filter).toEqual({ from: "2026-11-20" });
    expect(errors.status).toBe("Choose a status from the list");
    expect(errors.to).toBe("The end date is before the start date");
  });

  it("accepts any, none and an affiliate's id", () => {
    expect(parse("affiliate=any").filter).toEqual({ affiliate: "any" });
    expect(parse("affiliate=none").filter).toEqual({ affiliate: "none" });
    const id = "3f1c2a4e-8b9d-4c1e-9f00-123456789abc";
    expect(parse(`affiliate=${id}`).filter).toEqual({ affiliate: id });
  });

  it("writes itself back as a query string, with extras", () => {
    expect(leadFilterQuery({ q: "a b", status: "new" }, { cursor: "x" })).toBe(
      "?status=new&q=a+b&cursor=x",
    );
    expect(leadFilterQuery({})).toBe("");
  });
});

describe("a page cursor", () => {
  it("reads what the list writes and nothing else", () => {
    const id = "3f1c2a4e-8b9d-4c1e-9f00-123456789abc";
    expect(parseCursor(`2026-11-20T10:00:00.123456Z~${id}`)).toEqual({
      at: "2026-11-20T10:00:00.123456Z",
      id,
    });
    expect(parseCursor(`2026-11-20T10:00:00Z~${id}`)).toBeUndefined();
    expect(parseCursor(`2026-11-20T10:00:00.123456Z~nope`)).toBeUndefined();
    expect(parseCursor(`2026-11-20T10:00:00.123456Z~${id}~x`)).toBeUndefined();
    expect(parseCursor(null)).toBeUndefined();
  });
});
