/**
 * Redirect rules as plain data: how a path is normalised, which rule a path matches, where
 * it leads (query kept), and whether a set of rules loops or chains
 * (docs/REQUIREMENTS.md R12.1-R12.4). No database and no Node: the staff screen's browser
 * code and the server share it.
 */

export const REDIRECT_STATUSES = [301, 302, 307, 308, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface RuleLike {
  id?: number;
  fromPath: string;
  toPath: string;
  type: number;
}

/**
 * Areas the rules never touch (R12.3): the staff area, the affiliate portal, the API, and
 * the tracked QR codes' addresses, which must always count the scan (R15.3).
 */
export const UNREDIRECTED_AREAS = ["admin", "affiliate", "api", "q"] as const;

const UNRESERVED = /%([0-9A-Fa-f]{2})/g;
const isUnreserved = (char: string) => /^[A-Za-z0-9\-._~]$/.test(char);

function encodeCharacter(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return "%EF%BF%BD"; // a lone surrogate: the replacement character
  }
}

/** ASCII lower case only: a path's length never changes, so offsets stay valid. */
const lowerAscii = (text: string) => text.replace(/[A-Z]+/g, (part) => part.toLowerCase());

/**
 * A path as the rules compare it, case kept: characters outside printable ASCII
 * percent-encoded, percent-escapes of unreserved characters
 * decoded (other escapes upper-cased), doubled slashes made single, no trailing slash
 * (except the root), always a leading slash. `pathKey` then lower-cases it.
 */
export function normalizePath(raw: string): string {
  // Typed as text ("/café"), a path is compared as browsers send it ("/caf%C3%A9").
  let path = raw
    .replace(/[^\x21-\x7E]/gu, encodeCharacter)
    .replace(UNRESERVED, (escape, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return isUnreserved(char) ? char : `%${hex.toUpperCase()}`;
    });
  path = path.replace(/\/{2,}/g, "/");
  if (!path.startsWith("/")) path = `/${path}`;
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return path || "/";
}

/** The form a rule's fromPath is stored and looked up in: normalised, lower case. */
export const pathKey = (raw: string): string => lowerAscii(normalizePath(raw));

/** A fromPath ending in "/*" matches that path and everything under it. */
export const isPrefixRule = (fromPath: string): boolean => fromPath.endsWith("/*");

/** The stored form of a fromPath: "/Old/Page/" -> "/old/page", "/Old/*" -> "/old/*". */
export function normalizeFromPath(fromPath: string): string {
  const trimmed = fromPath.trim();
  if (isPrefixRule(trimmed)) {
    const base = pathKey(trimmed.slice(0, -2));
    return base === "/" ? "/*" : `${base}/*`;
  }
  return pathKey(trimmed);
}

/** Is this path one the rules never apply to (case and escapes as the router sees them)? */
export function isUnredirectedPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  const first = lowerAscii(normalizePath(decoded)).split("/")[1] ?? "";
  return (UNREDIRECTED_AREAS as readonly string[]).includes(first);
}

export const isExternalTarget = (toPath: string): boolean => /^https?:\/\//i.test(toPath);

/** Rules indexed for lookup: exact paths by key, prefixes longest first. */
export interface RuleIndex<Rule extends RuleLike> {
  exact: Map<string, Rule>;
  prefixes: { base: string; rule: Rule }[];
  size: number;
}

export function indexRules<Rule extends RuleLike>(rules: Iterable<Rule>): RuleIndex<Rule> {
  const exact = new Map<string, Rule>();
  const prefixes: { base: string; rule: Rule }[] = [];
  let size = 0;
  for (const rule of rules) {
    size += 1;
    const from = normalizeFromPath(rule.fromPath);
    if (isPrefixRule(from)) prefixes.push({ base: from.slice(0, -2), rule });
    else exact.set(from, rule);
  }
  prefixes.sort((a, b) => b.base.length - a.base.length);
  return { exact, prefixes, size };
}

export interface RuleMatch<Rule extends RuleLike> {
  rule: Rule;
  /** For a prefix rule: the rest of the path after its base, case kept ("" or "/a/b"). */
  rest: string;
}

/** The rule for a path: an exact rule first, else the longest prefix. */
export function matchRule<Rule extends RuleLike>(
  index: RuleIndex<Rule>,
  rawPath: string,
): RuleMatch<Rule> | undefined {
  const path = normalizePath(rawPath);
  const key = lowerAscii(path);
  const exact = index.exact.get(key);
  if (exact) return { rule: exact, rest: "" };
  for (const { base, rule } of index.prefixes) {
    if (base === "/") return { rule, rest: path === "/" ? "" : path };
    if (key === base || key.startsWith(`${base}/`)) return { rule, rest: path.slice(base.length) };
  }
  return undefined;
}

/**
 * Where a match leads: toPath, with the rest of the path in place of its "/*", and the
 * request's query string added to any query toPath has (before its #fragment).
 */
export function targetOf(match: RuleMatch<RuleLike>, search = ""): string {
  let target = match.rule.toPath;
  if (target.endsWith("/*")) target = `${target.slice(0, -2)}${match.rest}` || "/";
  const query = search.replace(/^\?/, "");
  if (!query) return target;
  const hashAt = target.indexOf("#");
  const [before, hash] =
    hashAt === -1 ? [target, ""] : [target.slice(0, hashAt), target.slice(hashAt)];
  return `${before}${before.includes("?") ? "&" : "?"}${query}${hash}`;
}

/** The path a local target lands on (query and fragment dropped), or undefined if outside. */
function landingPath(target: string): string | undefined {
  if (isExternalTarget(target) || !target.startsWith("/")) return undefined;
  return target.split(/[?#]/)[0];
}

export type RuleCheck = { ok: true; chain: string[] } | { ok: false; loop: string[] };

/** A path under a prefix rule used to follow where the rule leads. */
const SAMPLE_REST = "/__sample__";

/**
 * Follows `candidate` through `others` (the active rules besides it): a loop if a rule
 * comes back (R12.4), else the chain of paths visited when it leads on to more rules.
 */
export function checkRule(candidate: RuleLike, others: Iterable<RuleLike>): RuleCheck {
  const from = normalizeFromPath(candidate.fromPath);
  const rest = [...others].filter((rule) => normalizeFromPath(rule.fromPath) !== from);
  const index = indexRules<RuleLike>([...rest, { ...candidate, fromPath: from }]);
  const starts = isPrefixRule(from)
    ? [from.slice(0, -2) || "/", `${from.slice(0, -2)}${SAMPLE_REST}`]
    : [from];
  let longest: string[] = [];
  for (const start of starts) {
    const seen = new Set<RuleLike>();
    const path: string[] = [start];
    let current: string | undefined = start;
    while (current !== undefined) {
      const match = matchRule(index, current);
      if (!match || match.rule.type === 410) break;
      if (seen.has(match.rule)) return { ok: false, loop: path };
      seen.add(match.rule);
      const target = targetOf(match);
      path.push(target);
      current = landingPath(target);
    }
    if (path.length > longest.length) longest = path;
  }
  // The start and the rule's own target are one step; more is a chain.
  return { ok: true, chain: longest.length > 2 ? longest : [] };
}

/** Rules in `others` whose target lands on `candidate`'s fromPath (they chain into it). */
export function rulesLeadingTo(candidate: RuleLike, others: Iterable<RuleLike>): RuleLike[] {
  const index = indexRules([{ ...candidate, fromPath: normalizeFromPath(candidate.fromPath) }]);
  const from = normalizeFromPath(candidate.fromPath);
  return [...others].filter((rule) => {
    if (rule.type === 410 || normalizeFromPath(rule.fromPath) === from) return false;
    const landing = landingPath(rule.toPath.replace(/\/\*$/, ""));
    return landing !== undefined && matchRule(index, landing) !== undefined;
  });
}
