import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Dependencies, build output, the database and what git ignores are not the repository. */
const NOT_THE_REPOSITORY = new Set([
  ".git",
  "node_modules",
  "build",
  "data",
  ".react-router",
  "test-results",
  "playwright-report",
  "blob-report",
  ".tmp",
  ".env",
]);

function repositoryFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (NOT_THE_REPOSITORY.has(name) || name.endsWith(".log")) return [];
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) return repositoryFiles(path);
    return stat.isFile() ? [relative(ROOT, path)] : [];
  });
}

const markdownIn = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `${dir}/${name}`);

const CITED_PATH = /^(app|server|scripts|tests|docs)\//;

/** Backticked repository paths in a Markdown text, outside fenced code blocks. */
function citedPaths(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
  return [...prose.matchAll(/`([^`\n]+)`/g)]
    .map((match) => (match[1] ?? "").trim())
    .filter((span) => CITED_PATH.test(span) && !/\s/.test(span));
}

/** Whether a path (a file, a folder ending in "/", or one with "*" wildcards) exists. */
function exists(path: string, files: Set<string>): boolean {
  const bare = path.replace(/\/$/, "");
  if (!bare.includes("*")) {
    return files.has(bare) || [...files].some((file) => file.startsWith(`${bare}/`));
  }
  const pattern = new RegExp(
    `^${bare
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^/]*")}(/|$)`,
  );
  return [...files].some((file) => pattern.test(file));
}

const ID = String.raw`[RD]\d+(?:\.\d+)?`;
/** Citations: "docs/REQUIREMENTS.md R4.4, R8.1 and R9.3", "`docs/REQUIREMENTS.md` D2". */
const CITATION_AFTER_PATH = new RegExp(
  String.raw`docs/REQUIREMENTS\.md\`?((?:(?:,? and |, |-| )${ID}\b)+)`,
  "g",
);
/** A test title's citation: describe("phone rules (R5.2)", ...). */
const CITATION_IN_TEST_TITLE = new RegExp(
  String.raw`^\s*(?:describe|it|test)\b.*?\(((?:${ID})(?:(?:, |-)${ID})*)\)`,
  "gm",
);

/** The requirement ids a file cites. */
function citedRequirements(file: string, text: string): string[] {
  const lists = [...text.matchAll(CITATION_AFTER_PATH)].map((match) => match[1] ?? "");
  if (/\.(test|spec)\.tsx?$/.test(file)) {
    lists.push(...[...text.matchAll(CITATION_IN_TEST_TITLE)].map((match) => match[1] ?? ""));
  }
  return lists.flatMap((list) => list.match(new RegExp(ID, "g")) ?? []);
}

describe("the documentation", () => {
  const files = new Set(repositoryFiles());

  it("names only paths that exist in the repository", () => {
    const docs = [...markdownIn("docs"), ...markdownIn("docs/decisions")];
    expect(docs).toContain("docs/REQUIREMENTS.md");
    const missing = docs.flatMap((doc) =>
      citedPaths(readFileSync(join(ROOT, doc), "utf8"))
        .filter((path) => !exists(path, files))
        .map((path) => `${doc}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it("cites only requirements that docs/REQUIREMENTS.md defines", () => {
    const requirements = readFileSync(join(ROOT, "docs/REQUIREMENTS.md"), "utf8");
    const defined = new Set(
      [...requirements.matchAll(/^(?:## |\s*- \*\*)([RD]\d+(?:\.\d+)?)\b/gm)].map(
        (match) => match[1],
      ),
    );
    const sources = [...files].filter((file) => /\.(ts|tsx|mjs|js|md)$/.test(file));
    const cited = sources.flatMap((file) =>
      citedRequirements(file, readFileSync(join(ROOT, file), "utf8")).map((id) => ({ file, id })),
    );
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(({ id }) => !defined.has(id))).toEqual([]);
  });

  it("stands on its own: nothing cites documents kept outside the repository", () => {
    // Spelled in parts so this file does not match itself.
    const outside = ["spec", "product"].map((name) => `${name.toUpperCase()}.md`);
    const citing = [...files].filter((file) => {
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) return false;
      const text = bytes.toString("utf8");
      return outside.some((name) => text.includes(name));
    });
    expect(citing).toEqual([]);
  });
});
