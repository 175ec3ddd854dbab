/**
 * The consultation form's fields: their names, labels, options and the words the form shows
 * while on screen (docs/REQUIREMENTS.md R3.1, R5.2, R5.5-R5.8). The rules and their
 * messages are in lead.schema.ts, which the browser loads on first use of the form.
 */

/** The phone messages of docs/REQUIREMENTS.md R5.2, to the letter (phone.ts checks as typed). */
export const PHONE_MESSAGES = {
  phoneTooShort: "Phone number must be at least 10 digits",
  phoneTooLong: "Phone number cannot exceed 10 digits",
  phoneAfterPrefix: " after the 1",
} as const;

export const LEAD_FORM_TEXT = {
  referralNameLabel: "Who referred you? (First and Last Name)",
  summary: "Please check the highlighted fields.",
} as const;

export const SERVICES = ["Bathroom Remodeling"] as const;

export const PROJECT_TYPES = [
  { value: "Home", label: "Home" },
  { value: "Rental", label: "Renting unit, I'm a landlord" },
  { value: "Commercial", label: "Commercial" },
] as const;

export const SOURCE = {
  referral: "Referral",
  quincyShowroom: "Quincy Showroom",
  tv: "TV",
  other: "Other",
} as const;

/**
 * Source options in order (docs/REQUIREMENTS.md R5.8); the referral-by-name option (from
 * settings) sits after YouTube.
 */
export function sourceOptions(referralByName: string): string[] {
  const byName = referralByName.trim();
  return [
    SOURCE.referral,
    "Google",
    "Facebook",
    "Instagram",
    "YouTube",
    ...(byName ? [byName] : []),
    SOURCE.quincyShowroom,
    SOURCE.tv,
    "Radio",
    SOURCE.other,
  ];
}

export const LEAD_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "service",
  "projectType",
  "source",
  "referralName",
  "otherSource",
  "agreeToContact",
  "agreeToAllPresent",
] as const;

export type LeadField = (typeof LEAD_FIELDS)[number];

/**
 * Each field's name as people read it: the form's labels for the contact fields, and what
 * staff see beside every field of a lead or a spam entry.
 */
export const LEAD_FIELD_LABELS: Record<LeadField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  service: "Service",
  projectType: "Project type",
  source: "Heard of us through",
  referralName: "Referred by",
  otherSource: "Other source",
  agreeToContact: "Agrees to be contacted",
  agreeToAllPresent: "All homeowners present",
};

/** What the form holds: every field as text ("on" for a ticked box, "" for empty). */
export type LeadFormValues = Record<LeadField, string>;
export type LeadFieldErrors = Partial<Record<LeadField, string>>;

export const EMPTY_LEAD_FORM: LeadFormValues = Object.fromEntries(
  LEAD_FIELDS.map((field) => [field, ""]),
) as LeadFormValues;

/** A valid request, normalised. */
export interface LeadValues {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  phone: string;
  service: string;
  projectType: string | null;
  source: string;
  referralName: string | null;
  otherSource: string | null;
  agreeToContact: boolean;
  agreeToAllPresent: boolean;
}

export const isTicked = (value: string): boolean =>
  ["on", "true", "1", "yes"].includes(value.trim().toLowerCase());

/** agreeToAllPresent is asked only for a home or rental project (docs/REQUIREMENTS.md R5.5). */
export const asksAllPresent = (projectType: string): boolean =>
  projectType !== "" && projectType !== "Commercial";

/** Form values from any object (a parsed form or a JSON body): text for every field. */
export function toLeadFormValues(input: Record<string, unknown>): LeadFormValues {
  const values = { ...EMPTY_LEAD_FORM };
  for (const field of LEAD_FIELDS) {
    const raw = input[field];
    if (typeof raw === "string") values[field] = raw;
    else if (typeof raw === "boolean") values[field] = raw ? "on" : "";
    else if (typeof raw === "number" && Number.isFinite(raw)) values[field] = String(raw);
  }
  return values;
}
