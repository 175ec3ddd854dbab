import { describe, expect, it } from "vitest";
import { csvDownload } from "./csv-download.server";

describe("csvDownload", () => {
  it("names the file by the company's day, not the server's", async () => {
    // 03:00 UTC on the 2nd is still the 1st in Boston.
    const response = csvDownload("a,b\r\n", "leads", new Date("2026-03-02T03:00:00Z"));
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="leads-2026-03-01.csv"',
    );
    expect(await response.text()).toBe("a,b\r\n");
  });

  it("is CSV, never cached and never sniffed", () => {
    const response = csvDownload("", "redirects");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
