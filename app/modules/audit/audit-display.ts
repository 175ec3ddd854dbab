/**
 * The audit log in words, for the staff's audit log screen (routes/admin/audit.tsx): what
 * each action means, and an event's details as rows of "name: value" or "field: from → to".
 */

/**
 * What each recorded action means, in words: every action passed to `recordAudit` anywhere
 * in app/ has one (audit-display.test.ts finds them in the source and fails on any missing).
 */
export const AUDIT_ACTION_LABELS = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_out: "Signed out",
  account_locked: "Account locked",
  "settings.update": "Settings changed",
  "settings.webhook.create": "Webhook endpoint added",
  "settings.webhook.enable": "Webhook endpoint enabled",
  "settings.webhook.disable": "Webhook endpoint disabled",
  "settings.webhook.delete": "Webhook endpoint deleted",
  "settings.webhook.test": "Webhook test delivery",
  "lead.status": "Lead status changed",
  "lead.note": "Lead note added",
  "lead.webhook_replay": "Lead delivery sent again",
  "leads.export": "Leads exported",
  "analytics.export": "Analytics table exported",
  "spam.not_spam": "Spam marked as not spam",
  "not_found.dismiss": "404 log entry dismissed",
  "post.create": "Post created",
  "post.edit": "Post changed",
  "post.restore": "Post revision restored",
  "post.publish": "Post published",
  "post.unpublish": "Post unpublished",
  "posts.bulk_publish": "Posts published in bulk",
  "posts.bulk_unpublish": "Posts unpublished in bulk",
  "posts.bulk_delete": "Posts deleted in bulk",
  "author.create": "Author created",
  "author.update": "Author changed",
  "author.delete": "Author deleted",
  "category.create": "Category created",
  "category.update": "Category changed",
  "category.delete": "Category deleted",
  "image.upload": "Image uploaded",
  "review.publish": "Review published",
  "review.hide": "Review hidden",
  "redirect.create": "Redirect created",
  "redirect.update": "Redirect changed",
  "redirect.delete": "Redirect deleted",
  "redirects.import": "Redirects imported",
  "redirects.export": "Redirects exported",
  "qr_code.create": "QR code created",
  "qr_code.update": "QR code changed",
  "qr_code.enable": "QR code enabled",
  "qr_code.disable": "QR code disabled",
  "visualizer_option.create": "Visualizer option created",
  "visualizer_option.update": "Visualizer option changed",
  "affiliate.invite": "Affiliate invited",
  "affiliate.password_link": "Affiliate password link sent",
  "affiliate.status": "Affiliate status changed",
  "affiliate.code": "Affiliate code changed",
  "affiliate.two_factor_reset": "Affiliate authenticator reset",
  "affiliate.commission_rule": "Affiliate commission rule changed",
  "affiliates.statements_export": "Affiliate statements exported",
  "commission.created": "Commission earned",
  "commission.recalculated": "Commission worked out again",
  "commission.approved": "Commission approved",
  "commission.voided": "Commission voided",
  "commission.adjusted": "Commission adjustment added",
  "payout.recorded": "Payout recorded",
  "payout.voided": "Payout voided",
  "giveaway.create": "Giveaway created",
  "giveaway.update": "Giveaway changed",
  "giveaway.export": "Giveaway entries exported",
  "giveaway.draw": "Giveaway winner drawn",
  "giveaway.redraw": "Giveaway winner drawn again",
  "staff.invite": "Member invited",
  "staff.password_link": "Password link sent",
  "staff.role": "Role changed",
  "staff.disable": "Member disabled",
  "staff.enable": "Member enabled",
  "staff.reset_two_factor": "Authenticator reset",
  "account.password": "Own password changed",
  "account.password_set": "Password set from a link",
  "account.two_factor_enabled": "Authenticator set up",
  "account.two_factor_disabled": "Authenticator turned off",
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

const isLabelled = (action: string): action is AuditAction =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action);

/** An action in words; one without a label (an old or unknown action) shows its code. */
export const auditActionLabel = (action: string): string =>
  isLabelled(action) ? AUDIT_ACTION_LABELS[action] : action;

/** The filter's choice of an action: "Member invited (staff.invite)", or the bare code. */
export const auditActionOption = (action: string): { value: string; label: string } => ({
  value: action,
  label: isLabelled(action) ? `${AUDIT_ACTION_LABELS[action]} (${action})` : action,
});

/** One line of an event's details: "key: value", or "key: from → to" for a change. */
export type AuditDetailRow =
  { key: string; value: string } | { key: string; from: string; to: string };

type Hours = { days: string[]; opens: string; closes: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isHours = (value: unknown): value is Hours =>
  isRecord(value) &&
  Array.isArray(value.days) &&
  typeof value.opens === "string" &&
  typeof value.closes === "string";

/**
 * A recorded value in words: "(empty)" for nothing, lists joined, opening hours as
 * "Mon Tue 09:00-17:00". `yes`/`no` name true and false: "On"/"Off" in a change (a switch
 * moved), "Yes"/"No" otherwise.
 */
export function showAuditValue(
  value: unknown,
  [yes, no]: readonly [string, string] = ["Yes", "No"],
): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? yes : no;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.length > 0 ? value.join(", ") : "(none)";
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isHours)) {
    return value
      .map(
        (entry) =>
          `${entry.days.map((day) => day.slice(0, 3)).join(" ")} ${entry.opens}-${entry.closes}`,
      )
      .join("; ");
  }
  return JSON.stringify(value) ?? String(value);
}

const ON_OFF = ["On", "Off"] as const;

const changeRow = (key: string, from: unknown, to: unknown): AuditDetailRow => ({
  key,
  from: showAuditValue(from, ON_OFF),
  to: showAuditValue(to, ON_OFF),
});

/** `{ from, to }` and nothing else: a change recorded under its field's name. */
const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) &&
  "from" in value &&
  "to" in value &&
  Object.keys(value).every((key) => key === "from" || key === "to");

/** `[{ field, from, to }, …]`: the changes list most actions record. */
const isChangeList = (value: unknown): value is { field: string; from: unknown; to: unknown }[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((item) => isRecord(item) && typeof item.field === "string" && item.field !== "");

/**
 * An event's details as rows: each detail as "name: value", then each change of a
 * `changes` list as "field: from → to". A detail that is itself `{ from, to }` (a redirect
 * switched off, a post's old and new address) is a change too. A `changes` that is not a
 * list of changes (a post's edit records the names of the fields it changed) is a detail
 * like any other: "changes: title, body". An empty `changes` is left out.
 */
export function auditDetailRows(details: unknown): AuditDetailRow[] {
  if (!isRecord(details)) return [];
  const { changes, ...rest } = details;
  // An empty list of changes (or of changed fields) says nothing.
  const emptyList = Array.isArray(changes) && changes.length === 0;
  const others = isChangeList(changes) || emptyList ? rest : details;
  const rows = Object.entries(others).map(([key, value]) =>
    isFromTo(value) ? changeRow(key, value.from, value.to) : { key, value: showAuditValue(value) },
  );
  if (isChangeList(changes)) {
    rows.push(...changes.map((change) => changeRow(change.field, change.from, change.to)));
  }
  return rows;
}
