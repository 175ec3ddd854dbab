import { PHONE_MESSAGES } from "./lead-fields";

export interface PhoneInput {
  /** The cleaned value to show in the field: a leading "+" kept, other non-digits gone. */
  value: string;
  /** E.164 (+1 and ten digits) when valid. */
  e164: string | undefined;
  isValid: boolean;
  error: string | undefined;
}

/**
 * docs/REQUIREMENTS.md R5.2: a leading plus is kept and other non-digits stripped; an
 * optional leading 1 or +1 is the country prefix; the national number must be exactly ten
 * digits, and what is typed past the tenth is cut off. Too few or too many digits each have
 * their message, with " after the 1" when a prefix was typed.
 */
export function normalizePhone(raw: string): PhoneInput {
  const trimmed = raw.trim();
  const plus = trimmed.startsWith("+") ? "+" : "";
  const digits = trimmed.replace(/\D/g, "");
  const hasPrefix = digits.startsWith("1");
  const prefix = hasPrefix ? `${plus}1` : plus;
  const national = hasPrefix ? digits.slice(1) : digits;
  const value = `${prefix}${national.slice(0, 10)}`;
  const suffix = hasPrefix ? PHONE_MESSAGES.phoneAfterPrefix : "";

  let error: string | undefined;
  if (national.length < 10) error = `${PHONE_MESSAGES.phoneTooShort}${suffix}`;
  else if (national.length > 10) error = `${PHONE_MESSAGES.phoneTooLong}${suffix}`;

  const isValid = error === undefined;
  return { value, e164: isValid ? `+1${national}` : undefined, isValid, error };
}

/** +16175550142 -> "(617) 555-0142"; anything else as stored. */
export function formatPhone(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}
