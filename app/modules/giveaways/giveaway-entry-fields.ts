/**
 * The giveaway entry form's fields, labels and the names of its hidden inputs
 * (docs/REQUIREMENTS.md R15.2). Client-safe and small: the page ships it; the rules and
 * their messages (giveaway-entry.schema.ts) load when the visitor starts on the form.
 */

export const ENTRY_FIELDS = ["name", "email", "phone", "zip", "agreeToRules"] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];
export type EntryFormValues = Record<EntryField, string>;
export type EntryFieldErrors = Partial<Record<EntryField, string>>;

export const EMPTY_ENTRY_FORM: EntryFormValues = {
  name: "",
  email: "",
  phone: "",
  zip: "",
  agreeToRules: "",
};

export const ENTRY_FIELD_LABELS: Record<Exclude<EntryField, "agreeToRules">, string> = {
  name: "Full name",
  email: "E-mail",
  phone: "Phone",
  zip: "ZIP code",
};

/** A form's fields as strings, whatever was posted (a missing field is empty). */
export function toEntryFormValues(fields: Record<string, unknown>): EntryFormValues {
  const values = { ...EMPTY_ENTRY_FORM };
  for (const field of ENTRY_FIELDS) {
    const value = fields[field];
    if (typeof value === "string") values[field] = value.slice(0, 2000);
  }
  return values;
}

/**
 * The page's answers about the whole entry, here rather than with the rules so the page
 * shows them without loading the rules.
 */
export const ENTRY_ANSWERS = {
  alreadyEntered:
    "You're already entered in this giveaway. Only one entry per person is allowed, and yours is safely in. Good luck!",
  rateLimited:
    "You have sent several entries in a short time. Please wait {minutes} and try again.",
  staleForm:
    "This form was opened more than a day ago. Please check your details and send it again.",
  notOpen: "This giveaway is not taking entries right now.",
  unavailable:
    "We could not save your entry just now. Nothing you typed is lost: please try again in a moment.",
} as const;

/** What the page's action answers when it does not send the visitor on. */
export interface EntryActionResult {
  values?: EntryFormValues;
  errors?: EntryFieldErrors;
  /** A problem with the whole request (rate limit, closed giveaway, unavailable). */
  formError?: string;
  /** The token to send the form again with. */
  formToken?: string;
}
