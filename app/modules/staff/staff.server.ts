import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import type { Logger } from "~/modules/platform/logger.server";
import { getAuth, type AuthDeps } from "./auth.server";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "./permissions";

/** A staff member (docs/REQUIREMENTS.md R3.7), as the admin area shows it. */
export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** Drawn locally from the name's initials (a data: URL), never fetched from a service. */
  avatar: string;
  createdAt: Date;
  lastLogin: Date | null;
  twoFactorEnabled: boolean;
  disabled: boolean;
}

const AVATAR_COLOURS = ["#8a6530", "#4f6b5d", "#3d4a50", "#6f4f22", "#5b666b", "#7a4b3a"];

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts.slice(0, 1);
  return letters.map((part) => part[0]!.toUpperCase()).join("") || "?";
}

/** An SVG of the initials on a colour picked from the name, as a data: URL. */
function avatarFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const colour = AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
  const text = initials(name).replace(/[<>&"']/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="${colour}"/><text x="32" y="33" dominant-baseline="middle" text-anchor="middle" font-family="system-ui,sans-serif" font-size="26" font-weight="600" fill="#fff">${text}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

export function toStaffUser(user: User): StaffUser | undefined {
  if (!isStaffRole(user.role)) return undefined;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    avatar: avatarFor(user.name),
    createdAt: user.createdAt,
    lastLogin: user.lastLoginAt,
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    disabled: Boolean(user.banned),
  };
}

export async function countStaff(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]));
  return Number(row?.n ?? 0);
}

/** A password people need not type: 20 random characters. */
export const generatePassword = (): string => randomBytes(15).toString("base64url");

/** A name from an e-mail address when none is given: "dana.whitfield@…" -> "Dana Whitfield". */
function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const words = local.split(/[._-]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" ") || "Staff";
}

/** Creates a staff account with a hashed password (Better Auth's scrypt). */
export async function createStaffAccount(
  deps: AuthDeps,
  input: { email: string; password: string; role: StaffRole; name?: string },
): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const auth = getAuth(deps);
  const created = await auth.api.createUser({
    body: {
      email,
      password: input.password,
      name: input.name?.trim() || nameFromEmail(email),
      role: input.role,
    },
  });
  const [user] = await deps.database.db.select().from(users).where(eq(users.id, created.user.id));
  if (!user) throw new Error("The staff account was not created");
  return user;
}

/**
 * On a first start with no staff account, the first admin: from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password printed once (it is stored only hashed).
 */
export async function ensureFirstAdmin(
  deps: AuthDeps & {
    logger: Logger;
    adminEmail: string | undefined;
    adminPassword: string | undefined;
    print?: (line: string) => void;
  },
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  if ((await countStaff(deps.database.db)) > 0) return undefined;
  const email =
    deps.adminEmail ??
    `admin@${deps.config.publicUrl.hostname === "localhost" ? "lumenbath.example" : deps.config.publicUrl.hostname}`;
  const generated = deps.adminPassword ? undefined : generatePassword();
  await createStaffAccount(deps, {
    email,
    password: deps.adminPassword ?? generated!,
    role: "admin",
  });
  deps.logger.info({ role: "admin", generatedPassword: Boolean(generated) }, "first admin created");
  const print = deps.print ?? ((line: string) => console.log(line));
  print(
    generated
      ? `First admin created. Sign in at ${new URL("/admin/login", deps.config.publicUrl).toString()} as ${email} with the password ${generated} (shown only this once; change it after signing in).`
      : `First admin created. Sign in at ${new URL("/admin/login", deps.config.publicUrl).toString()} as ${email} with ADMIN_PASSWORD.`,
  );
  return { email, generatedPassword: generated };
}

export type { StaffRole };
export { STAFF_ROLES };
