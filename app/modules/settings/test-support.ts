import { parseWithZod } from "@conform-to/zod/v4";
import { DEMO_COMPANY } from "~/db/seed";
import { settingsCommandSchema } from "./settings.schema";

/** For the tests: the settings screen's forms as the browser posts them. */

type Posted = Record<string, string | string[]>;

/** What a form posts, read as the action reads it. */
export function postSettingsForm(fields: Posted) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return parseWithZod(data, { schema: settingsCommandSchema });
}

/** The values of a form the schema accepts (a test fails on any error). */
export function acceptedSettingsForm(fields: Posted) {
  const submission = postSettingsForm(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

/** The company profile form as the demo company fills it. */
export const DEMO_PROFILE_FORM = {
  intent: "profile",
  name: DEMO_COMPANY.name,
  phone: DEMO_COMPANY.phone,
  email: DEMO_COMPANY.email,
  streetAddress: DEMO_COMPANY.streetAddress,
  addressLocality: DEMO_COMPANY.addressLocality,
  addressRegion: DEMO_COMPANY.addressRegion,
  postalCode: DEMO_COMPANY.postalCode,
  addressCountry: DEMO_COMPANY.addressCountry,
  latitude: String(DEMO_COMPANY.latitude),
  longitude: String(DEMO_COMPANY.longitude),
};
