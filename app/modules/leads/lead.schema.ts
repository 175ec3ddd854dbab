import * as z from "zod/mini";
import { LEAD_MESSAGES } from "./lead-rule-messages";
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
} from "./lead-options";
import { hasVisibleCharacters, singleLine } from "~/modules/platform/text";
import { normalizePhone } from "./phone";

/**
 * The consultation form's rules (SPEC §4-5): one zod schema for the browser (live, as the
 * visitor types; loaded once the visitor starts on the form) and the server.
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_LENGTH: Partial<Record<LeadField, number>> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  referralName: 120,
  otherSource: 200,
};

export function leadSchema(options: { referralByName: string }) {
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
