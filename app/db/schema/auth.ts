import { boolean, pgTable, text } from "drizzle-orm/pg-core";
import { betterAuthTables } from "./auth-tables";
import { instant, timestamps } from "./columns";

/** A row that belongs to one staff account: gone with the account. */
const userReference = () =>
  text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** The staff member who did something; the record stays when the account is deleted. */
export const staffReference = () => text().references(() => users.id, { onDelete: "set null" });

/**
 * Accounts, sessions and authenticators, in the shape Better Auth (with its admin and
 * two-factor plugins) reads and writes. Staff have the role admin or editor.
 */
export const users = pgTable("users", {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  role: text(),
  banned: boolean().default(false),
  banReason: text(),
  banExpires: instant(),
  twoFactorEnabled: boolean().default(false),
  /** lastLogin of docs/REQUIREMENTS.md R3.7: set by our sign-in, not by Better Auth. */
  lastLoginAt: instant(),
  ...timestamps(),
});

export type User = typeof users.$inferSelect;

/** Staff sessions, sign-in accounts, one-time tokens and authenticators. */
export const { sessions, accounts, verifications, twoFactors } = betterAuthTables(
  "",
  userReference,
  {
    impersonatedBy: text(),
  },
);

export type Session = typeof sessions.$inferSelect;
