import { asc, count, eq, ilike, or } from "drizzle-orm";
import { likePattern } from "~/modules/platform/list-query";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { redirects, type Redirect } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { redirectEngine, ruleColumns, type RuleRow } from "./redirect-engine.server";
import { checkRule, normalizeFromPath, rulesLeadingTo, type RuleLike } from "./redirect-rules";
import type { RuleValues } from "./redirect.schema";

/**
 * Redirect rules as staff manage them (docs/REQUIREMENTS.md R12.4 and R12.7): listing,
 * saving with the loop check, switching on and off, deleting. Each change makes this
 * process's copy of the rules (redirect-engine.server.ts) read them again.
 */

export const REDIRECT_ADMIN_MESSAGES = {
  taken: "There is already a redirect for this path.",
  notFound: "That redirect no longer exists.",
  loop: (paths: string[]) =>
    `This would make a loop (${paths.join(" → ")}), so visitors would never arrive. Change where it goes.`,
  chain: (paths: string[]) =>
    `Visitors go through more than one redirect here (${paths.join(" → ")}). Pointing straight at ${paths.at(-1)} is faster.`,
  chainedInto: (paths: string[]) =>
    `${paths.join(", ")} already ${paths.length === 1 ? "redirects" : "redirect"} here, so visitors from there now go through two redirects.`,
} as const;

export const REDIRECTS_PAGE_SIZE = 50;

export async function listRedirects(
  db: Database,
  { q = "", page = 1 }: { q?: string; page?: number } = {},
): Promise<{ rules: Redirect[]; total: number; page: number; pageCount: number }> {
  const query = q.trim().slice(0, 200);
  const where = query
    ? or(ilike(redirects.fromPath, likePattern(query)), ilike(redirects.toPath, likePattern(query)))
    : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(redirects)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / REDIRECTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rules = await db
    .select()
    .from(redirects)
    .where(where)
    .orderBy(asc(redirects.fromPath))
    .limit(REDIRECTS_PAGE_SIZE)
    .offset((current - 1) * REDIRECTS_PAGE_SIZE);
  return { rules, total, page: current, pageCount };
}

export async function getRedirect(db: Database, id: number): Promise<Redirect | undefined> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id));
  return row;
}

export type RedirectOutcome =
  | { ok: true; id: number; warning?: string }
  | { ok: false; errors: Partial<Record<"fromPath" | "toPath" | "form", string>> };

/** What saving needs: a transaction, and the database whose engine it refreshes. */
export type RedirectsHandle = Pick<DatabaseHandle, "transaction" | "db">;

/** The stored form of a rule's values. */
export function ruleRow(values: RuleValues) {
  return {
    fromPath: normalizeFromPath(values.fromPath),
    toPath: values.type === 410 ? "" : (values.toPath ?? "").trim(),
    type: values.type as Redirect["type"],
    isActive: values.isActive,
  };
}

/**
 * Refuses a rule that would loop with the other active rules (R12.4); a rule that chains
 * into others, or that others chain into, is saved with a warning.
 */
export function loopCheck(
  candidate: RuleLike & { isActive: boolean },
  others: RuleRow[],
): { error?: string; warning?: string } {
  if (!candidate.isActive) return {};
  const active = others.filter((rule) => rule.isActive);
  const check = checkRule(candidate, active);
  if (!check.ok) return { error: REDIRECT_ADMIN_MESSAGES.loop(check.loop) };
  if (check.chain.length > 0) return { warning: REDIRECT_ADMIN_MESSAGES.chain(check.chain) };
  const into = rulesLeadingTo(candidate, active);
  if (into.length > 0) {
    return {
      warning: REDIRECT_ADMIN_MESSAGES.chainedInto(into.slice(0, 3).map((r) => r.fromPath)),
    };
  }
  return {};
}

async function saveRule(
  database: RedirectsHandle,
  actor: Actor,
  values: RuleValues,
  id: number | undefined,
): Promise<RedirectOutcome> {
  const row = ruleRow(values);
  try {
    const outcome = await database.transaction(async ({ db }): Promise<RedirectOutcome> => {
      const all = await db.select(ruleColumns).from(redirects);
      const before = id === undefined ? undefined : all.find((rule) => rule.id === id);
      if (id !== undefined && !before)
        return { ok: false, errors: { form: REDIRECT_ADMIN_MESSAGES.notFound } };
      if (all.some((rule) => rule.fromPath === row.fromPath && rule.id !== id)) {
        return { ok: false, errors: { fromPath: REDIRECT_ADMIN_MESSAGES.taken } };
      }
      const others = all.filter((rule) => rule.id !== id);
      const { error, warning } = loopCheck(row, others);
      if (error) return { ok: false, errors: { toPath: error } };
      let savedId: number;
      if (before) {
        await db
          .update(redirects)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(redirects.id, before.id));
        savedId = before.id;
        const changes = Object.fromEntries(
          (["fromPath", "toPath", "type", "isActive"] as const)
            .filter((field) => before[field] !== row[field])
            .map((field) => [field, { from: before[field], to: row[field] }]),
        );
        await recordAudit(db, actor, {
          action: "redirect.update",
          target: `redirect:${savedId}`,
          details: changes,
        });
      } else {
        const [created] = await db.insert(redirects).values(row).returning({ id: redirects.id });
        savedId = created!.id;
        await recordAudit(db, actor, {
          action: "redirect.create",
          target: `redirect:${savedId}`,
          details: row,
        });
      }
      return { ok: true, id: savedId, ...(warning ? { warning } : {}) };
    });
    if (outcome.ok) redirectEngine(database.db).invalidate();
    return outcome;
  } catch (error) {
    // Someone else saved a rule for the same path a moment ago.
    if (isUniqueViolation(error))
      return { ok: false, errors: { fromPath: REDIRECT_ADMIN_MESSAGES.taken } };
    throw error;
  }
}

export const createRedirect = (
  database: RedirectsHandle,
  actor: Actor,
  values: RuleValues,
): Promise<RedirectOutcome> => saveRule(database, actor, values, undefined);

export const updateRedirect = (
  database: RedirectsHandle,
  actor: Actor,
  id: number,
  values: RuleValues,
): Promise<RedirectOutcome> => saveRule(database, actor, values, id);

/** Switches a rule on (checked for loops like a save) or off. */
export async function setRedirectActive(
  database: RedirectsHandle,
  actor: Actor,
  id: number,
  isActive: boolean,
): Promise<RedirectOutcome> {
  const rule = await getRedirect(database.db, id);
  if (!rule) return { ok: false, errors: { form: REDIRECT_ADMIN_MESSAGES.notFound } };
  const outcome = await updateRedirect(database, actor, id, {
    fromPath: rule.fromPath,
    toPath: rule.toPath,
    type: rule.type,
    isActive,
  });
  if (!outcome.ok && outcome.errors.toPath)
    return { ok: false, errors: { form: outcome.errors.toPath } };
  return outcome;
}

export async function deleteRedirect(
  database: RedirectsHandle,
  actor: Actor,
  id: number,
): Promise<RedirectOutcome> {
  const outcome = await database.transaction(async ({ db }): Promise<RedirectOutcome> => {
    const [removed] = await db.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!removed) return { ok: false, errors: { form: REDIRECT_ADMIN_MESSAGES.notFound } };
    await recordAudit(db, actor, {
      action: "redirect.delete",
      target: `redirect:${id}`,
      details: {
        fromPath: removed.fromPath,
        toPath: removed.toPath,
        type: removed.type,
        hitCount: removed.hitCount,
      },
    });
    return { ok: true, id };
  });
  if (outcome.ok) redirectEngine(database.db).invalidate();
  return outcome;
}
