import { PROJECT_TYPES } from "~/modules/leads/lead-fields";

/**
 * The leave-review form's fields, labels, options and messages (docs/REQUIREMENTS.md
 * R15.1), without the rules: the page draws the form with these, and loads the rules
 * (leave-review.schema.ts, with zod) only when the visitor reaches for the form.
 */

export const REVIEW_FIELDS = [
  "rating",
  "text",
  "name",
  "town",
  "projectType",
  "consentToPublish",
  "contactEmail",
  "contactPhone",
] as const;

export type ReviewField = (typeof REVIEW_FIELDS)[number];
/** What the form holds: every field as text ("on" for a ticked box, "" for empty). */
export type ReviewFormValues = Record<ReviewField, string>;
export type ReviewFieldErrors = Partial<Record<ReviewField, string>>;

export const EMPTY_REVIEW_FORM: ReviewFormValues = Object.fromEntries(
  REVIEW_FIELDS.map((field) => [field, ""]),
) as ReviewFormValues;

export const REVIEW_FIELD_LABELS: Record<ReviewField, string> = {
  rating: "Your rating",
  text: "Your review",
  name: "Your name as it should appear",
  town: "Town",
  projectType: "Project type",
  consentToPublish: "I agree that my review, name and town may be published on this site.",
  contactEmail: "E-mail",
  contactPhone: "Phone",
};

/** The project types of the consultation form (docs/REQUIREMENTS.md R5.7), reused. */
export const REVIEW_PROJECT_TYPES = PROJECT_TYPES;

/**
 * How a review names its project where the site shows it (the reviews' `service`): the
 * wording the published reviews already use, with rental work named apart.
 */
export const REVIEW_SERVICE_BY_PROJECT_TYPE: Record<string, string> = {
  Home: "Bathroom Remodeling",
  Rental: "Rental Property",
  Commercial: "Commercial",
};

/** What each number of stars says, for the radio buttons' names and the thank-you. */
export const STAR_WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

export const REVIEW_LIMITS = { text: 2000, name: 80, town: 80, email: 254 } as const;

/** From this many stars the reviewer is invited to post the review publicly too. */
export const INVITE_FROM_STARS = 4;

export const REVIEW_MESSAGES = {
  ratingRequired: "Please choose a rating from 1 to 5 stars",
  textRequired: "Please write a few words about your project",
  textTooLong: "Please keep your review under 2,000 characters",
  nameRequired: "Please enter your name as it should appear",
  townRequired: "Please enter your town",
  projectTypeRequired: "Please choose a project type",
  consentRequired: "Please agree to the publication of your review",
  invalidEmail: "Please enter a valid email address",
  invalidPhone: "Please enter a valid phone number",
  tooLong: "Please keep this shorter",
  invalidChoice: "Please choose one of the options",
  summary: "Please check the highlighted fields.",
  rateLimited:
    "You have sent several reviews in a short time. Please wait {minutes} and try again, or call us at {phone}.",
  staleForm:
    "This form was opened more than a day ago. Please check your review and send it again.",
  unavailable:
    "We could not save your review just now. Nothing you typed is lost: please try again in a moment, or call us at {phone}.",
} as const;

/** A valid review, normalised. */
export interface ReviewValues {
  rating: number;
  /** Paragraphs kept; control and direction characters gone. */
  text: string;
  name: string;
  town: string;
  projectType: string;
  consentToPublish: true;
  contactEmail: string | null;
  /** E.164. */
  contactPhone: string | null;
}

/** Form values from any object (a parsed form): text for every field. */
export function toReviewFormValues(input: Record<string, unknown>): ReviewFormValues {
  const values = { ...EMPTY_REVIEW_FORM };
  for (const field of REVIEW_FIELDS) {
    const raw = input[field];
    if (typeof raw === "string") values[field] = raw;
  }
  return values;
}

/** The thank-you's query parameter: /leave-review?thanks={signed token} (review-thanks.server.ts). */
export const THANKS_PARAM = "thanks";

/** What the leave-review form's post answers when it does not send the visitor on. */
export interface ReviewActionResult {
  values?: ReviewFormValues;
  errors?: ReviewFieldErrors;
  /** A problem with the whole request (rate limit, database unavailable, stale form). */
  formError?: string;
  /** The token to send the form again with: the same one, or a fresh one if it had expired. */
  formToken?: string;
}

/** What the page says once a review is stored (docs/REQUIREMENTS.md R15.1). */
export const REVIEW_THANKS_TEXT = {
  invitedTitle: "Thank you for your review",
  invitedLead:
    "It means a lot to our team. Would you post the same words on our public review page too? It takes a minute and helps other homeowners choose with confidence.",
  copyButton: "Copy review text",
  copied: "Copied: paste it on our review page.",
  copyFailed: "Could not copy here: the text is selected, copy it with your keyboard or menu.",
  openReviewPage: "Open our review page",
  callBackTitle: "Thank you for telling us",
  callBack:
    "We are sorry your project fell short. Someone from our team will call you back to put things right.",
  noContact:
    "You left no phone number or e-mail address, so please call us at {phone} and we will make it right.",
  plainTitle: "Thank you for your review",
  plain: "It has reached us. Our team reads every review before it appears on the site.",
} as const;
