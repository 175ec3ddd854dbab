/**
 * The consultation form's rule messages, SPEC's to the letter where it gives them
 * (§5, §8), ours where it does not. Used by the rules (lead.schema.ts, loaded on first use
 * of the form) and the server.
 */
export const LEAD_MESSAGES = {
  // SPEC §5 and §8.
  invalidEmail: "Please enter a valid email address",
  invalidPhone: "Please enter a valid phone number",
  // Ours, where SPEC gives none.
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
