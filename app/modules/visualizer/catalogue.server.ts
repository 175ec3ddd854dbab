import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import {
  visualizerOptions,
  type VisualizerCategory,
  type VisualizerDesign,
  type VisualizerOption,
} from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import {
  designKeys,
  groupCatalogue,
  VISUALIZER_CATEGORY_LABELS,
  VISUALIZER_CATEGORY_ORDER,
  type Catalogue,
} from "./design";
import type { DesignChoice } from "./design-choices";
import type { OptionValues } from "./visualizer.schema";

/**
 * The visualizer's catalogue (docs/REQUIREMENTS.md R15.5): what the page offers, what staff
 * edit, and the check of a design sent with a consultation request.
 */

export const VISUALIZER_ADMIN_MESSAGES = {
  taken: "This category already has an option with this key.",
  notFound: "That option no longer exists.",
} as const;

const optionColumns = {
  category: visualizerOptions.category,
  key: visualizerOptions.key,
  name: visualizerOptions.name,
  swatch: visualizerOptions.swatch,
  accent: visualizerOptions.accent,
  style: visualizerOptions.style,
};

const catalogueOrder = [
  asc(visualizerOptions.sortOrder),
  asc(visualizerOptions.name),
  asc(visualizerOptions.id),
];

/** The active options by category, in their order: what the page offers. */
export async function loadActiveCatalogue(db: Database): Promise<Catalogue> {
  const rows = await db
    .select(optionColumns)
    .from(visualizerOptions)
    .where(eq(visualizerOptions.active, true))
    .orderBy(...catalogueOrder);
  return groupCatalogue(rows);
}

/** Every option, active or not, for the catalogue screen. */
export async function listVisualizerOptions(
  db: Database,
): Promise<Record<VisualizerCategory, VisualizerOption[]>> {
  const rows = await db
    .select()
    .from(visualizerOptions)
    .orderBy(...catalogueOrder);
  const grouped = Object.fromEntries(
    VISUALIZER_CATEGORY_ORDER.map((category) => [category, [] as VisualizerOption[]]),
  ) as Record<VisualizerCategory, VisualizerOption[]>;
  for (const row of rows) grouped[row.category]?.push(row);
  return grouped;
}

export async function getVisualizerOption(
  db: Database,
  id: number,
): Promise<VisualizerOption | undefined> {
  const [row] = await db.select().from(visualizerOptions).where(eq(visualizerOptions.id, id));
  return row;
}

export type VisualizerOptionOutcome =
  { ok: true; id: number } | { ok: false; errors: Partial<Record<"key" | "form", string>> };

function optionRow(values: OptionValues) {
  return {
    category: values.category,
    key: values.key,
    name: values.name,
    swatch: values.swatch,
    accent: values.accent ?? null,
    style: values.style,
    sortOrder: values.sortOrder,
    active: values.active,
  };
}

async function saveOption(
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  values: OptionValues,
  id: number | undefined,
): Promise<VisualizerOptionOutcome> {
  const row = optionRow(values);
  try {
    return await database.transaction(async ({ db }): Promise<VisualizerOptionOutcome> => {
      const [clash] = await db
        .select({ id: visualizerOptions.id })
        .from(visualizerOptions)
        .where(
          and(eq(visualizerOptions.category, row.category), eq(visualizerOptions.key, row.key)),
        );
      if (clash && clash.id !== id)
        return { ok: false, errors: { key: VISUALIZER_ADMIN_MESSAGES.taken } };
      if (id === undefined) {
        const [created] = await db
          .insert(visualizerOptions)
          .values(row)
          .returning({ id: visualizerOptions.id });
        await recordAudit(db, actor, {
          action: "visualizer_option.create",
          target: `visualizer_option:${created!.id}`,
          details: row,
        });
        return { ok: true, id: created!.id };
      }
      const [before] = await db
        .select()
        .from(visualizerOptions)
        .where(eq(visualizerOptions.id, id));
      if (!before) return { ok: false, errors: { form: VISUALIZER_ADMIN_MESSAGES.notFound } };
      await db
        .update(visualizerOptions)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(visualizerOptions.id, id));
      const changes = Object.fromEntries(
        (Object.keys(row) as (keyof typeof row)[])
          .filter((field) => before[field] !== row[field])
          .map((field) => [field, { from: before[field], to: row[field] }]),
      );
      await recordAudit(db, actor, {
        action: "visualizer_option.update",
        target: `visualizer_option:${id}`,
        details: changes,
      });
      return { ok: true, id };
    });
  } catch (error) {
    // Someone saved the same key a moment ago.
    if (isUniqueViolation(error))
      return { ok: false, errors: { key: VISUALIZER_ADMIN_MESSAGES.taken } };
    throw error;
  }
}

export const createVisualizerOption = (
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  values: OptionValues,
): Promise<VisualizerOptionOutcome> => saveOption(database, actor, values, undefined);

export const updateVisualizerOption = (
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  id: number,
  values: OptionValues,
): Promise<VisualizerOptionOutcome> => saveOption(database, actor, values, id);

/**
 * A design sent with a consultation request, kept to the catalogue's keys: anything not in
 * the catalogue is dropped. Undefined when nothing of it is known.
 */
export async function checkedDesign(
  db: Pick<Database, "select">,
  requested: VisualizerDesign | undefined,
): Promise<VisualizerDesign | undefined> {
  const keys = designKeys(requested);
  const wanted = Object.entries(keys) as [VisualizerCategory, string][];
  if (wanted.length === 0) return undefined;
  const rows = await db
    .select({ category: visualizerOptions.category, key: visualizerOptions.key })
    .from(visualizerOptions)
    .where(
      or(
        ...wanted.map(([category, key]) =>
          and(eq(visualizerOptions.category, category), eq(visualizerOptions.key, key)),
        ),
      ),
    );
  const design: VisualizerDesign = {};
  for (const category of VISUALIZER_CATEGORY_ORDER) {
    if (rows.some((row) => row.category === category && row.key === keys[category])) {
      design[category] = keys[category];
    }
  }
  return Object.keys(design).length > 0 ? design : undefined;
}

/** A stored design with the options' names and colours, in the categories' order. */
export async function describeDesign(
  db: Pick<Database, "select">,
  design: VisualizerDesign | null | undefined,
): Promise<DesignChoice[]> {
  const entries = VISUALIZER_CATEGORY_ORDER.flatMap((category) =>
    design?.[category] ? [[category, design[category]] as const] : [],
  );
  if (entries.length === 0) return [];
  const rows = await db
    .select(optionColumns)
    .from(visualizerOptions)
    .where(
      inArray(
        visualizerOptions.key,
        entries.map(([, key]) => key),
      ),
    );
  return entries.map(([category, key]) => {
    const option = rows.find((row) => row.category === category && row.key === key);
    return {
      category,
      label: VISUALIZER_CATEGORY_LABELS[category],
      key,
      option: option
        ? { name: option.name, swatch: option.swatch, accent: option.accent }
        : undefined,
    };
  });
}
