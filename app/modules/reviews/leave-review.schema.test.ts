import { describe, expect, it } from "vitest";
import {
  EMPTY_REVIEW_FORM,
  REVIEW_MESSAGES,
  toReviewFormValues,
  type ReviewFormValues,
} from "./leave-review-fields";
import { cleanReviewText, validateReview } from "./leave-review.schema";

const valid: ReviewFormValues = {
  ...EMPTY_REVIEW_FORM,
  rating: "5",
  text: "The crew was tidy and the shower is perfect.",
  name: "Eleanor P.",
  town: "Quincy, MA",
  projectType: "Home",
  consentToPublish: "on",
};

const errorsOf = (values: Partial<ReviewFormValues>) => {
  const result = validateReview({ ...valid, ...values });
  return result.ok ? {} : result.errors;
};

describe("the leave-review rules (R15.1)", () => {
  it("gives each required field its own message", () => {
    expect(validateReview(EMPTY_REVIEW_FORM)).toEqual({
      ok: false,
      errors: {
        rating: REVIEW_MESSAGES.ratingRequired,
        text: REVIEW_MESSAGES.textRequired,
        name: REVIEW_MESSAGES.nameRequired,
        town: REVIEW_MESSAGES.townRequired,
        projectType: REVIEW_MESSAGES.projectTypeRequired,
        consentToPublish: REVIEW_MESSAGES.consentRequired,
      },
    });
  });

  it("takes 1 to 5 stars and nothing else", () => {
    for (const rating of ["1", "2", "3", "4", "5"]) expect(errorsOf({ rating })).toEqual({});
    for (const rating of ["0", "6", "4.5", "five", "-1", " "]) {
      expect(errorsOf({ rating }), rating).toEqual({ rating: REVIEW_MESSAGES.ratingRequired });
    }
  });

  it("refuses a project type that is not one of the options", () => {
    expect(errorsOf({ projectType: "Castle" })).toEqual({
      projectType: REVIEW_MESSAGES.invalidChoice,
    });
    expect(errorsOf({ projectType: "Rental" })).toEqual({});
  });

  it("refuses text of only invisible characters, and text that is too long", () => {
    expect(errorsOf({ text: "\u200B\u202E\n\n" })).toEqual({ text: REVIEW_MESSAGES.textRequired });
    expect(errorsOf({ name: "\u2066 \u2069" })).toEqual({ name: REVIEW_MESSAGES.nameRequired });
    expect(errorsOf({ text: "x".repeat(2001) })).toEqual({ text: REVIEW_MESSAGES.textTooLong });
    expect(errorsOf({ text: "x".repeat(2000) })).toEqual({});
    expect(errorsOf({ town: "y".repeat(81) })).toEqual({ town: REVIEW_MESSAGES.tooLong });
  });

  it("needs the consent box ticked", () => {
    expect(errorsOf({ consentToPublish: "" })).toEqual({
      consentToPublish: REVIEW_MESSAGES.consentRequired,
    });
  });

  it("takes no contact, or a valid e-mail address and phone number", () => {
    expect(errorsOf({ contactEmail: "not an address" })).toEqual({
      contactEmail: REVIEW_MESSAGES.invalidEmail,
    });
    expect(errorsOf({ contactPhone: "call me" })).toEqual({
      contactPhone: REVIEW_MESSAGES.invalidPhone,
    });
    expect(errorsOf({ contactPhone: "617 555" })).toEqual({
      contactPhone: "Phone number must be at least 10 digits",
    });
    expect(
      validateReview({
        ...valid,
        contactEmail: " Ann@Example.com ",
        contactPhone: "(617) 555-0101",
      }),
    ).toEqual({
      ok: true,
      value: {
        rating: 5,
        text: valid.text,
        name: "Eleanor P.",
        town: "Quincy, MA",
        projectType: "Home",
        consentToPublish: true,
        contactEmail: "ann@example.com",
        contactPhone: "+16175550101",
      },
    });
    const bare = validateReview(valid);
    expect(bare.ok && [bare.value.contactEmail, bare.value.contactPhone]).toEqual([null, null]);
  });

  it("keeps the review's paragraphs and cleans each line", () => {
    expect(cleanReviewText("  First line\u202E \r\n\r\n\r\n\r\nSecond\tline \u0007 ")).toBe(
      "First line\n\nSecond line",
    );
  });

  it("reads only text from a posted form", () => {
    expect(toReviewFormValues({ rating: 5, text: ["a"], name: "N" })).toEqual({
      ...EMPTY_REVIEW_FORM,
      name: "N",
    });
  });
});
