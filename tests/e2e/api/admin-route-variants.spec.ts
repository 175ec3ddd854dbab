import { expect, test } from "@playwright/test";
import routes from "../../../app/routes";
import { areaForPath, canOpen, type StaffRole } from "../../../app/modules/staff/permissions";
import { randomTestAddress } from "../support/fixtures";
import { rawRequest, staffCookie } from "../support/raw-http";
import { e2eAdmin, e2eEditor } from "../support/staff";

/**
 * The authorisation matrix again, the way an attacker writes paths: every guarded route in
 * upper case, percent-encoded, with doubled and trailing slashes and as a `.data` request,
 * for every role. The router matches all of these case-insensitively after decoding, so
 * the guard must decide by the matched route and never by the path string.
 */

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

function guardedRoutes(entries: RouteEntry[], guarded = false): string[] {
  return entries.flatMap((entry) => {
    const inside = guarded || entry.file === "routes/admin/layout.tsx";
    return [
      ...(inside && entry.path ? [entry.path] : []),
      ...guardedRoutes(entry.children ?? [], inside),
    ];
  });
}

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const canonicalPaths = guardedRoutes(routes as RouteEntry[]).map(
  (route) => `/${route.replace(/:[A-Za-z]+/g, SAMPLE_ID)}`,
);

const encodeFirstLetter = (segment: string, upperHex: boolean) =>
  segment.replace(/[a-z]/, (letter) => {
    const hex = letter.charCodeAt(0).toString(16);
    return `%${upperHex ? hex.toUpperCase() : hex}`;
  });

/** Spellings the router takes to the same route as the canonical path. */
function sameRoute(path: string): Record<string, string> {
  const segments = path.split("/").filter(Boolean);
  const join = (parts: string[]) => `/${parts.join("/")}`;
  return {
    "upper case": path.toUpperCase(),
    "capitalised last segment": join(
      segments.map((s, i) => (i === segments.length - 1 ? s[0]!.toUpperCase() + s.slice(1) : s)),
    ),
    "percent-encoded": join(segments.map((s) => encodeFirstLetter(s, false))),
    "percent-encoded (upper hex)": join(segments.map((s) => encodeFirstLetter(s, true))),
    "trailing slash": `${path}/`,
    ".data": `${path}.data`,
    "upper case .data": `${path.toUpperCase()}.data`,
    "dot segment": join([segments[0]!, "dashboard", "..", ...segments.slice(1)]),
  };
}

/** Spellings that may or may not reach the route; either way never past the guard. */
const otherSpellings = (path: string): Record<string, string> => ({
  "doubled slash": path.replace("/admin/", "/admin//"),
  "leading doubled slash": `/${path}`,
  "doubled trailing slash": `${path}//`,
});

let cookies: Record<"anonymous" | StaffRole, string>;
let origin: string;

test.beforeAll(async ({ baseURL }) => {
  origin = new URL(baseURL!).origin;
  const [editor, admin] = await Promise.all([
    staffCookie(baseURL!, e2eEditor()),
    staffCookie(baseURL!, e2eAdmin()),
  ]);
  cookies = { anonymous: "", editor, admin };
});

async function ask(baseURL: string, who: keyof typeof cookies, method: string, path: string) {
  return rawRequest(baseURL, path, {
    method,
    headers: {
      Origin: origin,
      "X-Forwarded-For": randomTestAddress(),
      ...(cookies[who] ? { Cookie: cookies[who] } : {}),
      ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: method === "POST" ? "intent=matrix" : undefined,
  });
}

test("the route list is the one the guard protects", () => {
  expect(canonicalPaths.length).toBeGreaterThan(5);
});

for (const path of canonicalPaths) {
  test(`${path} in every spelling: the role decides, never the spelling`, async ({ baseURL }) => {
    const area = areaForPath(path)!;
    expect(area, path).toBeDefined();

    for (const [kind, variant] of Object.entries(sameRoute(path))) {
      for (const method of ["GET", "POST"]) {
        const label = `${kind} ${method} ${variant}`;
        const anonymous = await ask(baseURL!, "anonymous", method, variant);
        expect(anonymous.status, `anonymous ${label}`).toBe(401);
        for (const role of ["editor", "admin"] as const) {
          const answer = await ask(baseURL!, role, method, variant);
          expect(answer.status, `${role} ${label}`).toBeLessThan(500);
          if (canOpen(role, area))
            expect([401, 403], `${role} ${label}`).not.toContain(answer.status);
          else expect(answer.status, `${role} ${label}`).toBe(403);
        }
      }
    }

    for (const [kind, variant] of Object.entries(otherSpellings(path))) {
      for (const method of ["GET", "POST"]) {
        const label = `${kind} ${method} ${variant}`;
        for (const who of ["anonymous", "editor", "admin"] as const) {
          const answer = await ask(baseURL!, who, method, variant);
          expect(answer.status, `${who} ${label}`).toBeLessThan(500);
          const allowed = who !== "anonymous" && canOpen(who, area);
          // Not routed (404/405) or refused: never the page for someone without the role.
          if (!allowed) expect([401, 403, 404, 405], `${who} ${label}`).toContain(answer.status);
        }
      }
    }
  });
}
