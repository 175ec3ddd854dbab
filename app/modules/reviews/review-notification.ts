import type { CompanySettings, Review } from "~/db/schema";
import { formatPhone } from "~/modules/leads/phone";

/**
 * The staff e-mail for a review of 1 to 3 stars (docs/REQUIREMENTS.md R15.1): what the
 * customer wrote and how to call them back, before the review is ever published.
 */
export function lowRatingReviewMail(
  review: Review,
  company: Pick<CompanySettings, "notificationEmails">,
  publicUrl: URL,
): { kind: string; to: string[]; subject: string; text: string } {
  const contact = [
    review.contactPhone ? formatPhone(review.contactPhone) : undefined,
    review.contactEmail ?? undefined,
  ].filter(Boolean);
  const lines = [
    `A customer left a ${review.rating}-star review on the site on ${review.createdAt.toUTCString()}.`,
    "It waits, unpublished, on the Reviews screen. Please call them back.",
    "",
    `Rating:        ${review.rating} out of 5`,
    `Name:          ${review.name}`,
    `Town:          ${review.town}`,
    `Project:       ${review.service}`,
    `Contact:       ${contact.length ? contact.join(" / ") : "none given"}`,
    `Publication:   ${review.consentToPublish ? "agreed" : "not agreed"}`,
    "",
    "Their review:",
    "",
    review.text,
    "",
    `Open the Reviews screen: ${new URL("/admin/reviews", publicUrl).toString()}`,
  ];
  return {
    kind: "review.low_rating",
    to: company.notificationEmails,
    subject: `A ${review.rating}-star review needs a call back: ${review.name}, ${review.town}`,
    text: lines.join("\n"),
  };
}
