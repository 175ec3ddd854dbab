import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BULK_ACTIONS } from "~/modules/content/post.schema";
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditActionOption,
  auditDetailRows,
  showAuditValue,
} from "./audit-display";

const APP = fileURLToPath(new URL("../..", import.meta.url));

/** The product's source under app/: no tests, fixtures or test helpers, not this module. */
function sourceFiles(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.|test-support|test-fixtures/.test(entry.name)) {
      return [];
    }
    return path.endsWith(join("audit", "audit-display.ts")) ? [] : [path];
  });
}

/** The index of the closing quote of the string that opens at `start`. */
function endOfString(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === quote) return i;
  }
  return source.length;
}

/** Where the expression from `start` ends: a `,` or `;` outside brackets, or a bracket closing. */
function endOfExpression(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const char = source[i]!;
    if (char === '"' || char === "'" || char === "`") i = endOfString(source, i);
    else if (char === "/" && source[i + 1] === "/") i = source.indexOf("\n", i);
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char) && depth-- === 0) return i;
    else if ((char === "," || char === ";") && depth === 0) return i;
    if (i < 0) break;
  }
  return source.length;
}

/** The arguments of the call whose `(` is just before `start`, as text. */
function callArguments(source: string, start: number): string[] {
  const args: string[] = [];
  for (let at = start; at < source.length;) {
    const end = endOfExpression(source, at);
    args.push(source.slice(at, end));
    if (source[end] !== ",") break;
    at = end + 1;
  }
  return args;
}

/** Bulk actions are recorded as posts.bulk_<action>; authors and categories as <kind>.<verb>. */
const ENTRY_KINDS = ["author", "category"];
const TEMPLATES: Record<string, string[]> = {
  "`${entry.kind}.create`": ENTRY_KINDS.map((kind) => `${kind}.create`),
  "`${kind}.update`": ENTRY_KINDS.map((kind) => `${kind}.update`),
  "`${kind}.delete`": ENTRY_KINDS.map((kind) => `${kind}.delete`),
  "`posts.bulk_${action}`": BULK_ACTIONS.map((action) => `posts.bulk_${action}`),
};

/** How an action's code looks: a form's `action="/admin/…"` or a button's text is not one. */
const ACTION_CODE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;

/**
 * The actions an expression may give: its string literals, less those it compares against
 * (`reason === "restore" ? "post.restore" : "post.edit"`), and what a known template makes.
 */
function actionsIn(expression: string, where: string, unknown: string[]): string[] {
  const results = expression.replace(/(["'])[^"'\n]*\1\s*[!=]==?|[!=]==?\s*(["'])[^"'\n]*\2/g, " ");
  const found: string[] = [];
  for (const [literal] of results.matchAll(/"[^"\n]*"|'[^'\n]*'|`[^`]*`/g)) {
    if (literal.startsWith("`") && literal.includes("${")) {
      if (TEMPLATES[literal]) found.push(...TEMPLATES[literal]);
      else unknown.push(`${where}: ${literal}`);
    } else {
      const text = literal.slice(1, -1);
      if (ACTION_CODE.test(text)) found.push(text);
    }
  }
  return found;
}

/**
 * The name and argument position of each function that takes an `action: string`
 * (`const audit = (action: string, …) =>`, `function recordStaffChange(tx, actor, action: string`,
 * or such a function's type): its callers pass the action they record.
 */
function actionHelpers(sources: Map<string, string>): Map<string, number> {
  const helpers = new Map<string, number>();
  for (const source of sources.values()) {
    for (const match of source.matchAll(/\baction\s*:\s*string\b/g)) {
      let depth = 0;
      let commas = 0;
      let opener = -1;
      for (let i = match.index - 1; i >= 0 && opener < 0; i--) {
        const char = source[i]!;
        if (")]}".includes(char)) depth++;
        else if ("([{".includes(char)) {
          if (depth === 0) opener = char === "(" ? i : -2;
          else depth--;
        } else if (char === "," && depth === 0) commas++;
      }
      if (opener < 0) continue; // a property of an object type: its values are found as such
      const name = /(\w+)\s*(?:=\s*(?:async\s*)?|:\s*)?$/.exec(source.slice(0, opener))?.[1];
      if (name && name !== "function") helpers.set(name, commas);
    }
  }
  return helpers;
}

/** Every action the product records, by reading app/'s source; `unknown` gets what it cannot read. */
function recordedActions(unknown: string[]): Map<string, string> {
  const sources = new Map(sourceFiles().map((path) => [path, readFileSync(path, "utf8")]));
  const actions = new Map<string, string>();
  const add = (path: string, source: string, at: number, expression: string) => {
    const where = `${relative(APP, path)}:${source.slice(0, at).split("\n").length}`;
    for (const action of actionsIn(expression, where, unknown)) {
      if (!actions.has(action)) actions.set(action, where);
    }
  };
  const helpers = actionHelpers(sources);
  for (const [path, source] of sources) {
    // `action: …` in what is recorded, `const action = …` (not a JSX attribute `action="/…"`).
    for (const match of source.matchAll(
      /\baction\s*:(?!:)|\b(?:const|let|var)\s+action\s*=(?![=>])|\baction\s+=\s(?!=)/g,
    )) {
      const start = match.index + match[0].length;
      add(path, source, match.index, source.slice(start, endOfExpression(source, start)));
    }
    // `audit("sign_in_failed", …)`, `recordStaffChange(tx, actor, "staff.reset_two_factor", …)`.
    for (const [name, position] of helpers) {
      for (const match of source.matchAll(new RegExp(`(?<![\\w.$])${name}\\s*\\(`, "g"))) {
        const argument = callArguments(source, match.index + match[0].length)[position];
        if (argument) add(path, source, match.index, argument);
      }
    }
  }
  return actions;
}

describe("the actions recorded in app/", () => {
  const unknown: string[] = [];
  const recorded = recordedActions(unknown);

  it("are found, however they are passed to recordAudit", () => {
    // One of each way the source passes an action, so a blind search cannot pass.
    for (const action of [
      "settings.update", // action: "…"
      "giveaway.redraw", // action: previous ? "giveaway.redraw" : "giveaway.draw"
      "post.edit", // const action = … ? "post.restore" : "post.edit"
      "category.delete", // action: `${kind}.delete`
      "posts.bulk_unpublish", // action: `posts.bulk_${action}`
      "account_locked", // audit("account_locked", …)
      "commission.recalculated", // audit("commission.recalculated", commission, …)
      "staff.reset_two_factor", // recordStaffChange(tx, actor, "staff.reset_two_factor", …)
      "staff.disable", // changeStanding(…, { action: disabled ? "staff.disable" : … })
    ]) {
      expect(recorded.has(action), action).toBe(true);
    }
    expect(recorded.has("restore"), "a value compared against is not an action").toBe(false);
  });

  it("are built only from templates this test knows how to expand", () => {
    // A new `action: \`…${x}\`` needs its expansions in TEMPLATES (and labels for them).
    expect(unknown).toEqual([]);
  });

  it("each have a label in AUDIT_ACTION_LABELS", () => {
    const missing = [...recorded]
      .filter(([action]) => !Object.hasOwn(AUDIT_ACTION_LABELS, action))
      .map(([action, where]) => `${action} (${where})`);
    expect(missing).toEqual([]);
  });
});

describe("action labels", () => {
  it("names an action in words, and an unknown one by its code", () => {
    expect(auditActionLabel("post.edit")).toBe("Post changed");
    expect(auditActionLabel("redirects.export")).toBe("Redirects exported");
    expect(auditActionLabel("something.old")).toBe("something.old");
    expect(auditActionLabel("toString")).toBe("toString");
  });

  it("offers each action in the filter as its label and code", () => {
    expect(auditActionOption("staff.invite")).toEqual({
      value: "staff.invite",
      label: "Member invited (staff.invite)",
    });
    expect(auditActionOption("qr_code.create").label).toBe("QR code created (qr_code.create)");
    expect(auditActionOption("something.old")).toEqual({
      value: "something.old",
      label: "something.old",
    });
  });

  it("are unique and written as sentences", () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^[A-Z0-9][^.]*[a-z]$/);
  });
});

describe("audit details", () => {
  it("show a value in words", () => {
    expect(showAuditValue(null)).toBe("(empty)");
    expect(showAuditValue("")).toBe("(empty)");
    expect(showAuditValue(undefined)).toBe("(empty)");
    expect(showAuditValue("lumen-2027")).toBe("lumen-2027");
    expect(showAuditValue(1998)).toBe("1998");
    expect(showAuditValue(0)).toBe("0");
    expect(showAuditValue(true)).toBe("Yes");
    expect(showAuditValue(false)).toBe("No");
    expect(showAuditValue(["a", "b"])).toBe("a, b");
    expect(showAuditValue([])).toBe("(none)");
    expect(
      showAuditValue([
        { days: ["monday", "tuesday"], opens: "09:00", closes: "17:00" },
        { days: ["saturday"], opens: "10:00", closes: "16:00" },
      ]),
    ).toBe("mon tue 09:00-17:00; sat 10:00-16:00");
    expect(showAuditValue([1, 2])).toBe("[1,2]");
    expect(showAuditValue({ a: 1 })).toBe('{"a":1}');
  });

  it("list details as name: value", () => {
    expect(auditDetailRows({ slug: "hello", rows: 3, otherSessionsEnded: true, ids: [] })).toEqual([
      { key: "slug", value: "hello" },
      { key: "rows", value: "3" },
      { key: "otherSessionsEnded", value: "Yes" },
      { key: "ids", value: "(none)" },
    ]);
    expect(auditDetailRows({})).toEqual([]);
    expect(auditDetailRows(null)).toEqual([]);
  });

  it("show a redirect switched off as On → Off, not as JSON", () => {
    // What redirect.update records: each changed field as { from, to }.
    expect(auditDetailRows({ isActive: { to: false, from: true } })).toEqual([
      { key: "isActive", from: "On", to: "Off" },
    ]);
    expect(
      auditDetailRows({ toPath: { from: "/a", to: "/b" }, type: { from: 301, to: 302 } }),
    ).toEqual([
      { key: "toPath", from: "/a", to: "/b" },
      { key: "type", from: "301", to: "302" },
    ]);
    expect(auditDetailRows({ coverAlt: { from: null, to: "A cat" } })).toEqual([
      { key: "coverAlt", from: "(empty)", to: "A cat" },
    ]);
  });

  it("show a post.edit's redirect as from → to, and the fields it changed as a list", () => {
    // What app/modules/content/post-save.server.ts records for post.edit.
    const rows = auditDetailRows({
      title: "Hello",
      slug: "hello-again",
      status: "published",
      changes: ["title", "slug"],
      redirect: { to: "/blog/hello-again", from: "/blog/hello" },
    });
    expect(rows).toEqual([
      { key: "title", value: "Hello" },
      { key: "slug", value: "hello-again" },
      { key: "status", value: "published" },
      { key: "changes", value: "title, slug" },
      { key: "redirect", from: "/blog/hello", to: "/blog/hello-again" },
    ]);
    expect(rows.every((row) => row.key !== "")).toBe(true);
  });

  it("leave out an empty list of changes", () => {
    // A post.edit that changed only its categories records no field names.
    expect(auditDetailRows({ title: "Hello", changes: [] })).toEqual([
      { key: "title", value: "Hello" },
    ]);
  });

  it("show a changes list as field: from → to, after the other details", () => {
    expect(
      auditDetailRows({
        changes: [
          { field: "twoFactorEnabled", from: false, to: true },
          { field: "role", from: "editor", to: "admin" },
          { field: "hours", from: [], to: ["mon"] },
        ],
        email: "a@example.com",
      }),
    ).toEqual([
      { key: "email", value: "a@example.com" },
      { key: "twoFactorEnabled", from: "Off", to: "On" },
      { key: "role", from: "editor", to: "admin" },
      { key: "hours", from: "(none)", to: "mon" },
    ]);
  });

  it("show a changes value of another shape as a detail, never with an empty name", () => {
    expect(auditDetailRows({ changes: [{ from: 1, to: 2 }] })).toEqual([
      { key: "changes", value: '[{"from":1,"to":2}]' },
    ]);
    expect(auditDetailRows({ changes: "title" })).toEqual([{ key: "changes", value: "title" }]);
  });

  it("keep an object with more than from and to as JSON", () => {
    expect(auditDetailRows({ range: { from: 1, to: 2, step: 1 } })).toEqual([
      { key: "range", value: '{"from":1,"to":2,"step":1}' },
    ]);
  });
});
