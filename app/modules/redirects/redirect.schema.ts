import { integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";
import {
  isExternalTarget,
  isPrefixRule,
  isUnredirectedPath,
  normalizeFromPath,
  REDIRECT_STATUSES,
} from "./redirect-rules";

/**
 * What the redirects screen's forms send (docs/REQUIREMENTS.md R10), shared by the
 * browser's checks, the action and the CSV import. Empty fields arrive as missing.
 */

export const REDIRECT_MESSAGES = {
  fromMissing: "Enter the old path, starting with /.",
  fromShape: "Use a path like /old-page, or /old-section/* for everything under it.",
  fromHome: "The home page and the whole site cannot be redirected.",
  fromArea: "Paths under /admin, /affiliate, /api and /q are never redirected.",
  toMissing: "Enter where it should go: a path like /new-page or a full https:// address.",
  toShape: "Use a path like /new-page or a full address like https://example.com/page.",
  toStar: "Only a rule whose old path ends in /* can carry the rest of the path with /*.",
  typeMissing: "Choose the kind of redirect.",
  tooLong: "Keep it to 2,000 characters or fewer.",
  fileMissing: "Choose a CSV file.",
  fileTooLarge: "The file is too large: import at most 5,000 rules (1 MB) at a time.",
} as const;

export const REDIRECT_TYPE_OPTIONS = [
  { value: "301", label: "301 Moved permanently" },
  { value: "308", label: "308 Permanent redirect (keeps the method)" },
  { value: "302", label: "302 Found (temporary)" },
  { value: "307", label: "307 Temporary redirect (keeps the method)" },
  { value: "410", label: "410 Gone (the page was removed)" },
] as const;

export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

const FROM_SHAPE = /^\/[^\s?#*\\]*(\/\*)?$/;
const TO_PATH_SHAPE = /^\/(?!\/)[^\s*\\?#]*(\/\*)?(?:[?#][^\s\\]*)?$/;

function validTarget(toPath: string): boolean {
  if (isExternalTarget(toPath)) {
    if (/\s/.test(toPath)) return false;
    try {
      return Boolean(new URL(toPath).hostname);
    } catch {
      return false;
    }
  }
  return TO_PATH_SHAPE.test(toPath);
}

const typeField = z
  .enum(REDIRECT_STATUSES.map(String) as ["301", "302", "307", "308", "410"], {
    error: REDIRECT_MESSAGES.typeMissing,
  })
  .transform(Number)
  .pipe(z.union(REDIRECT_STATUSES.map((status) => z.literal(status))));

/** The fields of one rule, checked together (the target depends on the kind and path). */
export const ruleFields = {
  fromPath: z
    .string({ error: REDIRECT_MESSAGES.fromMissing })
    .trim()
    .min(1, REDIRECT_MESSAGES.fromMissing)
    .max(2000, REDIRECT_MESSAGES.tooLong),
  toPath: z.string().trim().max(2000, REDIRECT_MESSAGES.tooLong).optional(),
  type: typeField,
  isActive: z.boolean().default(false),
};

interface RuleInput {
  fromPath: string;
  toPath?: string | undefined;
  type: number;
}

/** The checks across fields, as messages by field name (the CSV import reuses them). */
export function ruleProblems(rule: RuleInput): Partial<Record<"fromPath" | "toPath", string>> {
  const problems: Partial<Record<"fromPath" | "toPath", string>> = {};
  const from = rule.fromPath.trim();
  const stored = normalizeFromPath(from);
  if (stored === "/" || stored === "/*") problems.fromPath = REDIRECT_MESSAGES.fromHome;
  else if (!FROM_SHAPE.test(from)) problems.fromPath = REDIRECT_MESSAGES.fromShape;
  else if (isUnredirectedPath(from.replace(/\/\*$/, "")))
    problems.fromPath = REDIRECT_MESSAGES.fromArea;
  const to = rule.toPath?.trim() ?? "";
  if (rule.type === 410) return problems;
  if (!to) problems.toPath = REDIRECT_MESSAGES.toMissing;
  else if (!validTarget(to)) problems.toPath = REDIRECT_MESSAGES.toShape;
  else if (!isExternalTarget(to) && to.split(/[?#]/)[0]!.endsWith("/*") && !isPrefixRule(from))
    problems.toPath = REDIRECT_MESSAGES.toStar;
  return problems;
}

function withRuleChecks<T extends z.ZodType<RuleInput>>(schema: T) {
  return schema.superRefine((rule, ctx) => {
    for (const [path, message] of Object.entries(ruleProblems(rule))) {
      ctx.addIssue({ code: "custom", path: [path], message });
    }
  });
}

export const createRuleSchema = withRuleChecks(
  z.object({ intent: z.literal("create"), ...ruleFields }),
);

const id = integerIdSchema("Choose a redirect.");

export const updateRuleSchema = withRuleChecks(
  z.object({ intent: z.literal("update"), id, ...ruleFields }),
);

/** The buttons on a row: switch on or off, delete. */
export const ruleCommandSchema = z.object({
  intent: z.enum(["activate", "deactivate", "delete"]),
  id,
});

export const importSchema = z.object({
  intent: z.enum(["import-check", "import"]),
  file: z
    .file({ error: REDIRECT_MESSAGES.fileMissing })
    .max(MAX_IMPORT_BYTES, REDIRECT_MESSAGES.fileTooLarge),
});

export const redirectCommandSchema = z.discriminatedUnion("intent", [
  createRuleSchema,
  updateRuleSchema,
  ruleCommandSchema,
  importSchema,
]);

export type RuleValues = {
  fromPath: string;
  toPath?: string | undefined;
  type: number;
  isActive: boolean;
};
