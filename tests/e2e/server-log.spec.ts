import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { parseLog } from "./support/server";

// The browser projects have rendered and hydrated every page by now; this test adds a plain
// request for every route (quick, as it runs alone at the end) and then reads the log.
test("browsing every route leaves no error or warning in the server log", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const path of [...paths, "/thank-you", "/retargeting", "/robots.txt", "/favicon.ico"]) {
    const response = await request.get(path, { headers: { accept: "text/html" } });
    expect(response.status(), path).toBe(200);
  }
  expect((await request.get("/a-page-that-does-not-exist")).status()).toBe(404);

  const lines = parseLog(readFileSync(process.env.E2E_LOG_FILE!, "utf8"));
  const requests = lines.filter((line) => line.msg === "request");
  expect(requests.length).toBeGreaterThan(paths.length);
  // One assertion over every line: an expect per line (thousands by now) took a minute.
  const fields = ["level", "time", "reqId", "method", "path", "status", "ms", "msg"].sort();
  const otherwise = requests.filter((line) => Object.keys(line).sort().join() !== fields.join());
  expect(otherwise).toEqual([]);
  const problems = lines.filter((line) => ["warn", "error", "fatal"].includes(String(line.level)));
  expect(problems).toEqual([]);
});
