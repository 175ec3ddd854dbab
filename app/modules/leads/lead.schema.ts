import { z } from "~/modules/platform/zod-mini";
import {
  asksAllPresent,
  isTicked,
  LEAD_FIELDS,
  PROJECT_TYPES,
  SERVICES,
  SOURCE,
  sourceOptions,
  type LeadField,
  type LeadFieldErrors,
  type LeadFormValues,
  type LeadValues,
} from "./lead-fields";
import { hasVisibleCharacters, singleLine } from "~/modules/platform/text";
import { normalizePhone } from "./phone";
import { EMAIL_PATTERN } from "~/modules/platform/patterns";

/**
 * The consultation form's rules (docs/REQUIREMENTS.md R4.7, R5): one zod schema for the
 * browser (live, as the visitor types; loaded once the visitor starts on the form) and the
 * server.
 */

/**
 * The rules' messages: to the letter where docs/REQUIREMENTS.md gives them (R5, R8.2), ours
 * where it does not. The server's answers about the whole request are here too.
 */
export const LEAD_MESSAGES = {
  // docs/REQUIREMENTS.md R5.3, R5.4 and R8.2.
  invalidEmail: "Please enter a valid email address",
  invalidPhone: "Please enter a valid phone number",
  // Ours, where the requirements give none.
  firstNameRequired: "Please enter your first name",
  lastNameRequired: "Please enter your last name",
  serviceRequired: "Please choose a service",
  projectTypeRequired: "Please choose a project type",
  sourceRequired: "Please tell us how you heard about us",
  referralNameRequired: "Please tell us who referred you",
  otherSourceRequired: "Please tell us where you heard about us",
  agreeToContactRequired: "Please agree to be contacted about your consultation",
  agreeToAllPresentRequired: "Please confirm that all homeowners will be present",
  tooLong: "Please keep this shorter",
  invalidChoice: "Please choose one of the options",
  rateLimited:
    "You have sent several requests in a short time. Please wait {minutes} and try again, or call us at {phone}.",
  staleForm:
    "This form was opened more than a day ago. Please check your details and send it again.",
  unavailable:
    "We could not save your request just now. Nothing you typed is lost: please try again in a moment, or call us at {phone}.",
} as const;

const MAX_LENGTH: Partial<Record<LeadField, number>> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  referralName: 120,
  otherSource: 200,
};

/**
 * The schema for the company's current wording of the referral choice. Building it costs
 * more than checking a request with it, and the wording changes only with the settings, so
 * the last one built is kept.
 */
let lastSchema: { referralByName: string; schema: ReturnType<typeof buildLeadSchema> } | undefined;
function leadSchema(options: { referralByName: string }) {
  if (lastSchema?.referralByName !== options.referralByName) {
    lastSchema = { referralByName: options.referralByName, schema: buildLeadSchema(options) };
  }
  return lastSchema.schema;
}

function buildLeadSchema(options: { referralByName: string }) {
  const sources = sourceOptions(options.referralByName);
  const projectTypes: string[] = PROJECT_TYPES.map((type) => type.value);
  const services: string[] = [...SERVICES];

  const form = z.object(
    Object.fromEntries(LEAD_FIELDS.map((field) => [field, z.string()])) as Record<
      LeadField,
      z.ZodMiniString
    >,
  );

  return z.pipe(
    form.check(
      z.superRefine((input, ctx) => {
        const fail = (field: LeadField, message: string) =>
          ctx.issues.push({ code: "custom", message, path: [field], input: input[field] });
        // Every field is one line; a name of only invisible characters is no name.
        const value = (field: LeadField) => singleLine(input[field]);
        const named = (field: LeadField) => hasVisibleCharacters(value(field));

        for (const [field, max] of Object.entries(MAX_LENGTH) as [LeadField, number][]) {
          if (value(field).length > max) fail(field, LEAD_MESSAGES.tooLong);
        }
        if (!named("firstName")) fail("firstName", LEAD_MESSAGES.firstNameRequired);
        if (!named("lastName")) fail("lastName", LEAD_MESSAGES.lastNameRequired);
        if (!EMAIL_PATTERN.test(value("email"))) fail("email", LEAD_MESSAGES.invalidEmail);

        const phone = value("phone");
        if (!/\d/.test(phone)) fail("phone", LEAD_MESSAGES.invalidPhone);
        else {
          const { error } = normalizePhone(phone);
          if (error) fail("phone", error);
        }

        const service = value("service");
        if (!service) fail("service", LEAD_MESSAGES.serviceRequired);
        else if (!services.includes(service)) fail("service", LEAD_MESSAGES.invalidChoice);

        const projectType = value("projectType");
        if (projectType && !projectTypes.includes(projectType)) {
          fail("projectType", LEAD_MESSAGES.invalidChoice);
        } else if (service && !projectType) {
          fail("projectType", LEAD_MESSAGES.projectTypeRequired);
        }

        const source = value("source");
        if (!source) fail("source", LEAD_MESSAGES.sourceRequired);
        else if (!sources.includes(source)) fail("source", LEAD_MESSAGES.invalidChoice);
        if (source === SOURCE.referral && !named("referralName")) {
          fail("referralName", LEAD_MESSAGES.referralNameRequired);
        }
        if (source === SOURCE.other && !named("otherSource")) {
          fail("otherSource", LEAD_MESSAGES.otherSourceRequired);
        }

        if (!isTicked(input.agreeToContact)) {
          fail("agreeToContact", LEAD_MESSAGES.agreeToContactRequired);
        }
        if (asksAllPresent(projectType) && !isTicked(input.agreeToAllPresent)) {
          fail("agreeToAllPresent", LEAD_MESSAGES.agreeToAllPresentRequired);
        }
      }),
    ),
    z.transform((input): LeadValues => {
      const text = (field: LeadField) => singleLine(input[field]);
      const source = text("source");
      const projectType = text("projectType");
      return {
        firstName: text("firstName"),
        lastName: text("lastName"),
        email: text("email").toLowerCase(),
        phone: normalizePhone(input.phone).e164 ?? "",
        service: text("service"),
        projectType: projectType || null,
        source,
        referralName: source === SOURCE.referral ? text("referralName") : null,
        otherSource: source === SOURCE.other ? text("otherSource") : null,
        agreeToContact: isTicked(input.agreeToContact),
        agreeToAllPresent: asksAllPresent(projectType) && isTicked(input.agreeToAllPresent),
      };
    }),
  );
}

export type LeadValidation =
  { ok: true; value: LeadValues } | { ok: false; errors: LeadFieldErrors };

/** Checks the form; the first message per field. */
export function validateLead(
  values: LeadFormValues,
  options: { referralByName: string },
): LeadValidation {
  const result = leadSchema(options).safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors: LeadFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LeadField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
