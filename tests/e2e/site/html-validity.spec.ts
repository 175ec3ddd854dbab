import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { ALL_PUBLIC_PAGES } from "../../../app/modules/seo/public-routes";
import { expect, test } from "../support/fixtures";

/** The Nu HTML Checker shipped by the vnu-jar package (the module's value is the jar's path). */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));
const NOT_FOUND_PATH = "/no-such-page/anywhere";

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

function javaIsInstalled(): boolean {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  return !result.error && result.status === 0;
}

function fileNameFor(pagePath: string): string {
  if (pagePath === NOT_FOUND_PATH) return "404.html";
  return `${pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "_")}.html`;
}

/**
 * One entry per distinct message, naming the pages and places it occurs on, with the first
 * occurrence's source extract: shared layout problems appear once instead of once per page.
 */
function report(messages: VnuMessage[], pageOf: (message: VnuMessage) => string): string[] {
  const groups = new Map<string, { extract: string; pages: Map<string, string[]> }>();
  for (const message of messages) {
    const group = groups.get(message.message) ?? {
      extract: message.extract?.replace(/\s+/g, " ").trim() ?? "",
      pages: new Map<string, string[]>(),
    };
    const page = pageOf(message);
    const where = message.lastLine ? `${message.lastLine}:${message.firstColumn ?? "?"}` : "?";
    group.pages.set(page, [...(group.pages.get(page) ?? []), where]);
    groups.set(message.message, group);
  }
  return [...groups].map(([text, { extract, pages }]) => {
    const on = [...pages]
      .map(([page, places]) => `${page} (${places.length}x, at ${places.slice(0, 3).join(", ")})`)
      .join("; ");
    return `  - ${text}\n      on ${on}${extract ? `\n      e.g. near: ${extract}` : ""}`;
  });
}

test("the server-rendered HTML of every public page and the 404 page is valid", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "HTML does not depend on the viewport");
  test.skip(!javaIsInstalled(), "Java is not installed: HTML validation skipped");
  test.setTimeout(120_000);

  const dir = mkdtempSync(path.join(tmpdir(), "lumen-html-"));
  try {
    const files = new Map<string, string>();
    for (const pagePath of [...ALL_PUBLIC_PAGES, NOT_FOUND_PATH]) {
      const response = await request.get(pagePath);
      expect(response.status(), pagePath).toBe(pagePath === NOT_FOUND_PATH ? 404 : 200);
      const fileName = fileNameFor(pagePath);
      writeFileSync(path.join(dir, fileName), await response.text());
      files.set(fileName, pagePath);
    }

    // One Java start for every page: the checker is slow to start.
    const result = spawnSync(
      "java",
      [
        "-jar",
        VNU_JAR,
        "--format",
        "json",
        "--stdout",
        "--exit-zero-always",
        ...[...files.keys()].map((name) => path.join(dir, name)),
      ],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    expect(result.status, `the checker failed to run: ${result.stderr}`).toBe(0);
    const { messages } = JSON.parse(result.stdout) as { messages: VnuMessage[] };

    const pageOf = (message: VnuMessage) =>
      files.get(path.basename(message.url ?? "")) ?? "(no page)";

    const warnings = messages.filter(
      (message) => message.type === "info" && message.subType === "warning",
    );
    if (warnings.length) {
      console.log(`Nu HTML Checker warnings:\n${report(warnings, pageOf).join("\n")}`);
    }

    // The checker's CSS grammar predates what the inlined Tailwind stylesheet uses
    // (@property, margin-trim, custom properties in transition-property), which every
    // current browser supports; the HTML itself must be error-free.
    const cssOnly = (message: VnuMessage) => (message.message ?? "").startsWith("CSS: ");
    const errors = messages.filter(
      (message) =>
        (message.type === "error" || message.type === "non-document-error") && !cssOnly(message),
    );
    expect(errors.length, `Nu HTML Checker errors:\n${report(errors, pageOf).join("\n")}\n`).toBe(
      0,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
