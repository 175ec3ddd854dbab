import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  type PgColumnBuilderBase,
} from "drizzle-orm/pg-core";
import { instant, instantNow, timestamps } from "./columns";

/**
 * The tables Better Auth reads and writes besides its users (sessions, sign-in accounts,
 * one-time tokens, TOTP authenticators), in the shape its drizzle adapter and two-factor
 * plugin expect. Each sign-in area has its own set (docs/decisions/011-affiliate-accounts.md):
 * `prefix` names them, `userId` is the column pointing at that area's users, and
 * `sessionColumns` adds what that area keeps on a session.
 */
export function betterAuthTables<
  UserId extends PgColumnBuilderBase,
  SessionColumns extends Record<string, PgColumnBuilderBase>,
>(prefix: string, userId: () => UserId, sessionColumns: SessionColumns) {
  const sessions = pgTable(
    `${prefix}sessions`,
    {
      id: text().primaryKey(),
      token: text().notNull().unique(),
      userId: userId(),
      expiresAt: instant().notNull(),
      ipAddress: text(),
      userAgent: text(),
      ...sessionColumns,
      ...timestamps(),
    },
    (table) => [index(`${prefix}sessions_user_idx`).on(table.userId)],
  );

  const accounts = pgTable(
    `${prefix}accounts`,
    {
      id: text().primaryKey(),
      accountId: text().notNull(),
      providerId: text().notNull(),
      userId: userId(),
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
    (table) => [index(`${prefix}accounts_user_idx`).on(table.userId)],
  );

  /** One-time tokens: password-reset and invitation links, pending two-factor sign-ins. */
  const verifications = pgTable(
    `${prefix}verifications`,
    {
      id: text().primaryKey(),
      identifier: text().notNull(),
      value: text().notNull(),
      expiresAt: instant().notNull(),
      ...timestamps(),
    },
    (table) => [index(`${prefix}verifications_identifier_idx`).on(table.identifier)],
  );

  /** TOTP authenticators (secrets encrypted by Better Auth). */
  const twoFactors = pgTable(
    `${prefix}two_factors`,
    {
      id: text().primaryKey(),
      secret: text().notNull(),
      backupCodes: text().notNull(),
      userId: userId(),
      verified: boolean().default(true),
      failedVerificationCount: integer().default(0),
      lockedUntil: instant(),
      createdAt: instantNow(),
    },
    (table) => [
      index(`${prefix}two_factors_user_idx`).on(table.userId),
      index(`${prefix}two_factors_secret_idx`).on(table.secret),
    ],
  );

  return { sessions, accounts, verifications, twoFactors };
}
