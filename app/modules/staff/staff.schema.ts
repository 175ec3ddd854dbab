import { z } from "~/modules/platform/zod";
import { STAFF_ROLES } from "./permissions";

/**
 * What the staff screen's forms send, shared by the browser's checks and the action.
 * Empty fields arrive as missing (Conform), so each required field's message covers both.
 */

const role = z.enum(STAFF_ROLES, { error: "Choose a role." });

/** Who an invitation is for: the fields every invitation form (staff, affiliates) asks. */
export const inviteeFields = {
  intent: z.literal("invite"),
  name: z
    .string({ error: "Enter their name." })
    .trim()
    .min(1, "Enter their name.")
    .max(100, "Keep it to 100 characters or fewer."),
  email: z
    .string({ error: "Enter their e-mail address." })
    .trim()
    .toLowerCase()
    .min(1, "Enter their e-mail address.")
    .max(254, "Keep it to 254 characters or fewer.")
    // An account's address must pass the accounts library's own check (stricter than a
    // lead's), or creating the account would fail after the form said it was fine.
    .pipe(z.email("Enter an e-mail address like name@example.com.")),
};

export const inviteSchema = z.object({ ...inviteeFields, role });
export type Invite = z.output<typeof inviteSchema>;

const member = { userId: z.string({ error: "Choose a member." }).max(100) };

/** The buttons beside a member: change the role, disable, enable, reset, resend. */
export const memberSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), role, ...member }),
  z.object({
    intent: z.enum(["disable", "enable", "reset-two-factor", "resend"]),
    ...member,
  }),
]);

export const staffCommandSchema = z.discriminatedUnion("intent", [
  inviteSchema,
  ...memberSchema.options,
]);
