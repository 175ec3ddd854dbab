import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { instant, instantNow, timestamps } from "./columns";

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

export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    userId: userReference(),
    expiresAt: instant().notNull(),
    ipAddress: text(),
    userAgent: text(),
    impersonatedBy: text(),
    ...timestamps(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export type Session = typeof sessions.$inferSelect;

export const accounts = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: userReference(),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: instant(),
    refreshTokenExpiresAt: instant(),
    scope: text(),
    /** The password hash (scrypt), for the credential provider. */
    password: text(),
    ...timestamps(),
  },
  (table) => [index("accounts_user_idx").on(table.userId)],
);

/** One-time tokens: password-reset and invitation links. */
export const verifications = pgTable(
  "verifications",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: instant().notNull(),
    ...timestamps(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** TOTP authenticators (secrets encrypted by Better Auth). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: userReference(),
    verified: boolean().default(true),
    failedVerificationCount: integer().default(0),
    lockedUntil: instant(),
    createdAt: instantNow(),
  },
  (table) => [
    index("two_factors_user_idx").on(table.userId),
    index("two_factors_secret_idx").on(table.secret),
  ],
);
