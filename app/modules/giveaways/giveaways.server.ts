import { randomInt } from "node:crypto";
import { and, count, desc, eq, gte, lte, ne } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { giveawayEntries, giveaways, users, type Giveaway, type GiveawayEntry } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { zonedTimeToInstant } from "~/modules/content/post.schema";
import { CSV_BOM, csvLine, newYorkDateTime } from "~/modules/leads/lead-csv";
import { formatPhone } from "~/modules/leads/phone";
import { pickWinnerIndex, type RandomInt } from "./giveaway-draw";
import { giveawayPhase } from "./giveaway-phase";
import { GIVEAWAY_MESSAGES, type GiveawayInput } from "./giveaway.schema";

/**
 * Giveaways as admins run them (docs/REQUIREMENTS.md R15.2): the list, saving one, its
 * entries page by page and as CSV, and the draw. Every change is audited in its own
 * transaction.
 */

type Handle = Pick<DatabaseHandle, "transaction" | "db">;

export const DRAW_MESSAGES = {
  notEnded: (endsAt: string) =>
    `This giveaway is still running: it ends ${endsAt} (New York time). Draw the winner once it has ended, so every entry has its chance.`,
  noEntries: "Nobody entered between the giveaway's start and end, so there is no one to draw.",
  noOtherEntries: "There is no other eligible entry to draw.",
  alreadyDrawn:
    "A winner has already been drawn. Use “Redraw” only if that winner cannot be reached or does not qualify.",
  notDrawn: "No winner has been drawn yet: draw one first.",
} as const;

export interface GiveawayListItem {
  id: number;
  title: string;
  prize: string;
  startsAt: Date;
  endsAt: Date;
  entries: number;
  drawn: boolean;
}

/** Every giveaway, the latest start first, with its entry count. */
export async function listGiveaways(db: Database): Promise<GiveawayListItem[]> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: giveaways.id,
        title: giveaways.title,
        prize: giveaways.prize,
        startsAt: giveaways.startsAt,
        endsAt: giveaways.endsAt,
        winnerEntryId: giveaways.winnerEntryId,
      })
      .from(giveaways)
      .orderBy(desc(giveaways.startsAt), desc(giveaways.id)),
    db
      .select({ giveawayId: giveawayEntries.giveawayId, entries: count() })
      .from(giveawayEntries)
      .groupBy(giveawayEntries.giveawayId),
  ]);
  const entriesOf = new Map(counts.map((row) => [row.giveawayId, Number(row.entries)]));
  return rows.map(({ winnerEntryId, ...row }) => ({
    ...row,
    entries: entriesOf.get(row.id) ?? 0,
    drawn: Boolean(winnerEntryId),
  }));
}

export interface GiveawayWinner {
  entryId: string;
  name: string;
  email: string;
  phone: string;
  drawnAt: Date;
  drawnBy: string | null;
}

/** One giveaway, with its winner as staff see them (name and contact), if drawn. */
export async function getGiveaway(
  db: Database,
  id: number,
): Promise<{ giveaway: Giveaway; winner: GiveawayWinner | undefined } | undefined> {
  const [giveaway] = await db.select().from(giveaways).where(eq(giveaways.id, id));
  if (!giveaway) return undefined;
  if (!giveaway.winnerEntryId || !giveaway.drawnAt) return { giveaway, winner: undefined };
  const [winner] = await db
    .select({
      entryId: giveawayEntries.id,
      name: giveawayEntries.name,
      email: giveawayEntries.email,
      phone: giveawayEntries.phone,
    })
    .from(giveawayEntries)
    .where(eq(giveawayEntries.id, giveaway.winnerEntryId));
  const [drawer] = giveaway.drawnBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, giveaway.drawnBy))
    : [];
  return {
    giveaway,
    winner: winner
      ? { ...winner, drawnAt: giveaway.drawnAt, drawnBy: drawer?.name ?? null }
      : undefined,
  };
}

/** The form's values as stored: times read in the company's time zone. */
export interface GiveawayValues {
  title: string;
  prize: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  rulesMarkdown: string;
  /** undefined: keep the giveaway's own image; null: none. */
  imageId?: string | null;
}

/** The form's values with the image the action settled. */
export function giveawayValuesFrom(
  input: GiveawayInput,
  imageId: string | null | undefined,
): GiveawayValues | undefined {
  const startsAt = zonedTimeToInstant(input.startsAt);
  const endsAt = zonedTimeToInstant(input.endsAt);
  if (!startsAt || !endsAt) return undefined;
  return {
    title: input.title,
    prize: input.prize,
    description: input.description,
    startsAt,
    endsAt,
    rulesMarkdown: input.rulesMarkdown,
    imageId,
  };
}

export type SaveGiveawayOutcome =
  { ok: true; id: number; created: boolean } | { ok: false; errors: Record<string, string> };

/** Creates (no id) or updates a giveaway, audited with the fields that changed. */
export async function saveGiveaway(
  database: Handle,
  actor: Actor,
  id: number | undefined,
  values: GiveawayValues,
): Promise<SaveGiveawayOutcome> {
  if (values.endsAt.getTime() <= values.startsAt.getTime()) {
    return { ok: false, errors: { endsAt: GIVEAWAY_MESSAGES.endsBeforeStart } };
  }
  return database.transaction(async (tx) => {
    const { imageId, ...fields } = values;
    const row = { ...fields, ...(imageId !== undefined ? { imageId } : {}) };
    if (id === undefined) {
      const [created] = await tx.db.insert(giveaways).values(row).returning({ id: giveaways.id });
      if (!created) throw new Error("The giveaway was not stored");
      await recordAudit(tx.db, actor, {
        action: "giveaway.create",
        target: `giveaway:${created.id}`,
        details: auditedFields(row),
      });
      return { ok: true, id: created.id, created: true };
    }
    const [existing] = await tx.db
      .select()
      .from(giveaways)
      .where(eq(giveaways.id, id))
      .for("update");
    if (!existing) return { ok: false, errors: { form: GIVEAWAY_MESSAGES.notFound } };
    await tx.db
      .update(giveaways)
      .set({ ...row, updatedAt: new Date() })
      .where(eq(giveaways.id, id));
    const before = auditedFields(existing);
    const after = auditedFields({ ...existing, ...row });
    const changed = Object.keys(after).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    // As the audit log shows a change: each field with its old and new value.
    await recordAudit(tx.db, actor, {
      action: "giveaway.update",
      target: `giveaway:${id}`,
      details: {
        changes: changed.map((field) => ({ field, from: before[field], to: after[field] })),
      },
    });
    return { ok: true, id, created: false };
  });
}

/** What the audit log keeps of a giveaway: short fields in full, long texts by length. */
function auditedFields(row: Partial<Giveaway>): Record<string, unknown> {
  return {
    title: row.title,
    prize: row.prize,
    startsAt: row.startsAt?.toISOString(),
    endsAt: row.endsAt?.toISOString(),
    imageId: row.imageId ?? null,
    descriptionLength: row.description?.length,
    rulesLength: row.rulesMarkdown?.length,
  };
}

export const ENTRIES_PAGE_SIZE = 50;

export interface EntryListItem {
  id: string;
  name: string;
  email: string;
  phone: string;
  zip: string;
  createdAt: Date;
  source: string;
}

/** A giveaway's entries, newest first, in numbered pages. */
export async function listEntries(
  db: Database,
  giveawayId: number,
  page = 1,
): Promise<{ entries: EntryListItem[]; total: number; page: number; pageCount: number }> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(giveawayEntries)
    .where(eq(giveawayEntries.giveawayId, giveawayId));
  const pageCount = Math.max(1, Math.ceil(total / ENTRIES_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select()
    .from(giveawayEntries)
    .where(eq(giveawayEntries.giveawayId, giveawayId))
    .orderBy(desc(giveawayEntries.createdAt), desc(giveawayEntries.id))
    .limit(ENTRIES_PAGE_SIZE)
    .offset((current - 1) * ENTRIES_PAGE_SIZE);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: formatPhone(row.phone),
      zip: row.zip,
      createdAt: row.createdAt,
      source: entrySource(row),
    })),
    total,
    page: current,
    pageCount,
  };
}

/**
 * Where an entry came from, in a few words: its campaign's source and medium, else the
 * referral code, else the site that referred the first visit, else "Direct".
 */
export function entrySource(entry: Pick<GiveawayEntry, "attribution">): string {
  const { tracking, affiliateCode, firstTouch } = entry.attribution;
  const campaign = [tracking.utm_source ?? tracking.source, tracking.utm_medium]
    .filter(Boolean)
    .join(" / ");
  if (campaign) return campaign;
  if (tracking.gclid || tracking.gbraid || tracking.wbraid) return "Google Ads";
  if (tracking.fbclid) return "Facebook";
  if (affiliateCode) return `Affiliate ${affiliateCode}`;
  if (firstTouch?.referrer) return firstTouch.referrer;
  return "Direct";
}

export const ENTRY_CSV_HEADER = [
  "Entered (New York time)",
  "Name",
  "Email",
  "Phone",
  "ZIP",
  "Agreed to rules",
  "Source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "Affiliate code",
  "First landing page",
  "Winner",
] as const;

/**
 * Every entry of a giveaway as CSV (guarded against formulas like the leads export), and
 * its audit entry (the row count, no personal data). Undefined when there is no such
 * giveaway.
 */
export async function exportEntries(
  db: Database,
  actor: Actor,
  giveawayId: number,
): Promise<{ csv: string; rows: number } | undefined> {
  const [giveaway] = await db
    .select({ winnerEntryId: giveaways.winnerEntryId })
    .from(giveaways)
    .where(eq(giveaways.id, giveawayId));
  if (!giveaway) return undefined;
  const entries = await db
    .select()
    .from(giveawayEntries)
    .where(eq(giveawayEntries.giveawayId, giveawayId))
    .orderBy(desc(giveawayEntries.createdAt), desc(giveawayEntries.id));
  let csv = CSV_BOM + csvLine(ENTRY_CSV_HEADER);
  for (const entry of entries) {
    const { tracking, affiliateCode, firstTouch } = entry.attribution;
    csv += csvLine([
      newYorkDateTime(entry.createdAt),
      entry.name,
      entry.email,
      formatPhone(entry.phone),
      entry.zip,
      entry.agreeToRules ? "yes" : "no",
      entrySource(entry),
      tracking.utm_source,
      tracking.utm_medium,
      tracking.utm_campaign,
      affiliateCode,
      firstTouch?.landingPath,
      entry.id === giveaway.winnerEntryId ? "yes" : "",
    ]);
  }
  await recordAudit(db, actor, {
    action: "giveaway.export",
    target: `giveaway:${giveawayId}`,
    details: { rows: entries.length },
  });
  return { csv, rows: entries.length };
}

export type DrawOutcome =
  | { ok: true; winner: { entryId: string; name: string }; eligibleEntries: number }
  | { ok: false; error: string };

/**
 * Draws the winner (docs/REQUIREMENTS.md R15.2): only once the giveaway has ended, among
 * the entries made between its start and end, each equally likely (`pickWinnerIndex` with
 * node:crypto's randomInt). A second draw is refused unless it is asked for as a redraw,
 * which leaves the previous winner out. One audit entry with the number of eligible
 * entries.
 */
export async function drawWinner(
  database: Handle,
  actor: Actor,
  giveawayId: number,
  options: { redraw: boolean; now?: Date; randomInt?: RandomInt } = { redraw: false },
): Promise<DrawOutcome> {
  const now = options.now ?? new Date();
  return database.transaction(async (tx) => {
    const [giveaway] = await tx.db
      .select()
      .from(giveaways)
      .where(eq(giveaways.id, giveawayId))
      .for("update");
    if (!giveaway) return { ok: false, error: GIVEAWAY_MESSAGES.notFound };
    if (giveawayPhase(giveaway, now) !== "ended") {
      return { ok: false, error: DRAW_MESSAGES.notEnded(newYorkDateTime(giveaway.endsAt)) };
    }
    const previous = giveaway.winnerEntryId;
    if (previous && !options.redraw) return { ok: false, error: DRAW_MESSAGES.alreadyDrawn };
    if (!previous && options.redraw) return { ok: false, error: DRAW_MESSAGES.notDrawn };

    // In a fixed order, so the pick's position names one entry whatever the storage order.
    const eligible = await tx.db
      .select({ id: giveawayEntries.id, name: giveawayEntries.name })
      .from(giveawayEntries)
      .where(
        and(
          eq(giveawayEntries.giveawayId, giveawayId),
          gte(giveawayEntries.createdAt, giveaway.startsAt),
          lte(giveawayEntries.createdAt, giveaway.endsAt),
          previous ? ne(giveawayEntries.id, previous) : undefined,
        ),
      )
      .orderBy(giveawayEntries.createdAt, giveawayEntries.id);
    if (eligible.length === 0) {
      return {
        ok: false,
        error: previous ? DRAW_MESSAGES.noOtherEntries : DRAW_MESSAGES.noEntries,
      };
    }
    const winner = eligible[pickWinnerIndex(eligible.length, options.randomInt ?? randomInt)]!;
    await tx.db
      .update(giveaways)
      .set({ winnerEntryId: winner.id, drawnAt: now, drawnBy: actor.id, updatedAt: now })
      .where(eq(giveaways.id, giveawayId));
    await recordAudit(tx.db, actor, {
      action: previous ? "giveaway.redraw" : "giveaway.draw",
      target: `giveaway:${giveawayId}`,
      details: {
        eligibleEntries: eligible.length,
        winnerEntryId: winner.id,
        ...(previous ? { previousWinnerEntryId: previous } : {}),
      },
      at: now,
    });
    return {
      ok: true,
      winner: { entryId: winner.id, name: winner.name },
      eligibleEntries: eligible.length,
    };
  });
}
