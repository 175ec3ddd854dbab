import { z } from "~/modules/platform/zod";
import { parseDollarsToCents, type DollarsReading } from "~/modules/leads/lead-inbox.schema";
import {
  COMMISSION_COMBINATIONS,
  type CommissionCombination,
  type CommissionRule,
} from "./commission-rules";

/**
 * A commission rule as admins type it (docs/REQUIREMENTS.md D8), in the settings' default
 * rule and an affiliate's own: dollars and a percentage as text, kept as integer cents and
 * basis points. Shared by the browser's checks and the actions.
 */

export const COMMISSION_RULE_MESSAGES = {
  flatOrPercent: "Enter a flat amount, a percentage, or both.",
  capWithoutPercent: "A cap limits the percentage: enter a percentage too, or leave the cap empty.",
  percent: "Enter a percentage from 0.01 to 100, like 5 or 12.5.",
  combination: "Choose how a flat amount and a percentage combine.",
  holdDays: "Enter a whole number of days from 0 to 365.",
} as const;

export const COMMISSION_COMBINATION_LABELS: Record<CommissionCombination, string> = {
  greater: "The greater of the two",
  sum: "Both added together",
};

/** Dollars as text in cents; an empty field is null when `optional`. */
export function dollars(
  options: DollarsReading & { optional: true },
): z.ZodType<number | null, string | undefined>;
export function dollars(
  options: DollarsReading & { optional?: false },
): z.ZodType<number, string | undefined>;
export function dollars({
  optional = false,
  ...reading
}: DollarsReading & { optional?: boolean }): z.ZodType<number | null, string | undefined> {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (optional && !raw?.trim()) return null;
      const money = parseDollarsToCents(raw ?? "", reading);
      if ("error" in money) {
        ctx.issues.push({ code: "custom", message: `${money.error}.`, input: raw });
        return z.NEVER;
      }
      return money.cents;
    });
}

/** A percentage as text ("12.5") in basis points (1250), without floating point. */
export const percent = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = (raw ?? "").trim().replace(/\s*%$/, "");
      if (!text) return null;
      const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
      const basisPoints = match
        ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
        : NaN;
      if (!(basisPoints >= 1 && basisPoints <= 10_000)) {
        ctx.issues.push({ code: "custom", message: COMMISSION_RULE_MESSAGES.percent, input: raw });
        return z.NEVER;
      }
      return basisPoints;
    });

export const combination = () =>
  z
    .enum(COMMISSION_COMBINATIONS, { error: COMMISSION_RULE_MESSAGES.combination })
    .default("greater");

/** The hold before a won job's commission can be paid, in whole days. */
export const holdDays = () =>
  z
    .string({ error: COMMISSION_RULE_MESSAGES.holdDays })
    .trim()
    .regex(/^\d{1,3}$/, COMMISSION_RULE_MESSAGES.holdDays)
    .transform(Number)
    .refine((days) => days <= 365, COMMISSION_RULE_MESSAGES.holdDays);

/** A rule's fields under the names a form gives them. */
export interface RuleFieldNames {
  flat: string;
  percent: string;
  cap: string;
  combination: string;
  minJobValue: string;
}

/** The amount a job must reach to earn: empty is no minimum. */
export const minJobValue = () =>
  dollars({ label: "the minimum job value", optional: true, allowZero: true });

/**
 * The checks across a rule's fields: a rule earns something (a flat amount or a
 * percentage), and a cap only caps a percentage.
 */
export function checkRule(names: RuleFieldNames) {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (values[names.flat] === null && values[names.percent] === null) {
      ctx.issues.push({
        code: "custom",
        message: COMMISSION_RULE_MESSAGES.flatOrPercent,
        path: [names.flat],
        input: values,
      });
    }
    if (values[names.cap] !== null && values[names.percent] === null) {
      ctx.issues.push({
        code: "custom",
        message: COMMISSION_RULE_MESSAGES.capWithoutPercent,
        path: [names.cap],
        input: values,
      });
    }
  };
}

/** An affiliate's own rule as its form sends it. */
export const ownRuleFields = {
  flat: dollars({ label: "the flat amount", optional: true }),
  percent: percent(),
  cap: dollars({ label: "the cap", optional: true }),
  combination: combination(),
  minJobValue: minJobValue(),
};

export const OWN_RULE_NAMES: RuleFieldNames = {
  flat: "flat",
  percent: "percent",
  cap: "cap",
  combination: "combination",
  minJobValue: "minJobValue",
};

/** The form's values as the rule kept on the affiliate (an empty minimum is none). */
export function ruleFromForm(values: {
  flat: number | null;
  percent: number | null;
  cap: number | null;
  combination: CommissionCombination;
  minJobValue: number | null;
}): CommissionRule {
  return {
    flatCents: values.flat,
    percentBasisPoints: values.percent,
    percentCapCents: values.percent === null ? null : values.cap,
    combination: values.combination,
    minJobValueCents: values.minJobValue ?? 0,
  };
}

/** Cents as the text a dollars field starts from: 50000 -> "500", 1250 -> "12.50". */
export function centsAsDollarsText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const sign = cents < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = Math.abs(cents) % 100;
  return `${sign}${whole}${fraction === 0 ? "" : `.${String(fraction).padStart(2, "0")}`}`;
}

/** Basis points as the text a percentage field starts from: 1250 -> "12.5". */
export function basisPointsAsPercentText(basisPoints: number | null | undefined): string {
  if (basisPoints === null || basisPoints === undefined) return "";
  return String(basisPoints / 100);
}

/** A rule as the form's starting text, under `names`. */
export function ruleFormValues(rule: CommissionRule, names: RuleFieldNames) {
  return {
    [names.flat]: centsAsDollarsText(rule.flatCents),
    [names.percent]: basisPointsAsPercentText(rule.percentBasisPoints),
    [names.cap]: centsAsDollarsText(rule.percentCapCents),
    [names.combination]: rule.combination,
    [names.minJobValue]: centsAsDollarsText(rule.minJobValueCents),
  };
}
