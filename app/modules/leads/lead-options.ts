/** The consultation form's fields and options (SPEC §4-5), without the rules' code. */

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

/** Source options in SPEC order; the referral-by-name option (from settings) sits after YouTube. */
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

/** agreeToAllPresent is asked only for a home or rental project (SPEC §5). */
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
