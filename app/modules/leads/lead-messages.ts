/**
 * What the consultation form says while it is on screen (SPEC §5's phone messages to the
 * letter). The rules' other messages load with the rules (lead-rule-messages.ts).
 */
export const PHONE_MESSAGES = {
  phoneTooShort: "Phone number must be at least 10 digits",
  phoneTooLong: "Phone number cannot exceed 10 digits",
  phoneAfterPrefix: " after the 1",
} as const;

export const LEAD_FORM_TEXT = {
  referralNameLabel: "Who referred you? (First and Last Name)",
  summary: "Please check the highlighted fields.",
} as const;
