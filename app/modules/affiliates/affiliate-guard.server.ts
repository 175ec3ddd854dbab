import { and, eq, isNull, lt, or } from "drizzle-orm";
import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { affiliates, affiliateSessions, affiliateUsers } from "~/db/schema";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import type { Runtime } from "~/modules/platform/runtime.server";
import { authDeps } from "~/modules/staff/guard.server";
import { getAffiliateAuth, type AffiliateAuthDeps } from "./affiliate-auth.server";
import type { AffiliateStatus } from "./affiliate-rules";
import { endAffiliateSessions } from "./affiliate-sign-in.server";
import { AFFILIATE_STRINGS } from "./affiliate-strings";

type Context = Readonly<RouterContextProvider>;

/** The signed-in affiliate of a portal request, as the guard loaded them (R4.9). */
export interface PortalAffiliate {
  id: string;
  name: string;
  email: string;
  code: string;
  phone: string | null;
  company: string | null;
  payoutDetails: string | null;
  twoFactorEnabled: boolean;
  /** R6.4: this session's level. */
  assuranceLevel: "aal1" | "aal2";
  sessionId: string;
}

export const affiliateContext = createContext<PortalAffiliate | null>(null);

/** Why a signed-in affiliate is not let in: their profile could not be loaded, or their status. */
export interface PortalRefusal {
  reason: "profile" | "not_admitted";
  message: string;
}

/**
 * How often last_login is written while the affiliate keeps using the portal; a completed
 * sign-in writes it every time (completeAffiliateSignIn in affiliate-sign-in.server.ts).
 */
const LAST_LOGIN_EVERY_MS = 10 * 60_000;

export const affiliateAuthDeps = (runtime: Runtime): AffiliateAuthDeps => authDeps(runtime);

/** Where a visitor without a session goes, remembering where they were going (R2.14). */
export function portalLoginPath(url: URL): string {
  const returnTo = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return `/affiliate/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The session of these request headers, with the cookie a renewal sets (sessions slide). */
export async function readAffiliateSession(deps: AffiliateAuthDeps, headers: Headers) {
  const answer = await getAffiliateAuth(deps).api.getSession({ headers, returnHeaders: true });
  return { found: answer.response, setCookies: answer.headers.getSetCookie() };
}

/**
 * Every portal page and action passes here first (R2.14, R4.9, R6.4): a cross-site post is
 * refused; no session sends the visitor to sign in and back; a session without an
 * affiliate record answers 'Failed to load affiliate profile'; an affiliate who is not
 * approved is told why and their sessions end; with an authenticator on, only a session
 * that verified a code (aal2) passes. The renewed session cookie goes out with the answer.
 */
export const affiliateGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  const deps = affiliateAuthDeps(runtime);
  const url = new URL(request.url);
  const { found, setCookies } = await readAffiliateSession(deps, request.headers);
  if (!found) throw redirect(portalLoginPath(url));

  const [row] = await runtime.db
    .select({
      id: affiliates.id,
      name: affiliates.name,
      email: affiliates.email,
      code: affiliates.code,
      phone: affiliates.phone,
      company: affiliates.company,
      payoutDetails: affiliates.payoutDetails,
      status: affiliates.status,
      lastLoginAt: affiliates.lastLoginAt,
      twoFactorEnabled: affiliateUsers.twoFactorEnabled,
      assuranceLevel: affiliateSessions.assuranceLevel,
    })
    .from(affiliateSessions)
    .innerJoin(affiliateUsers, eq(affiliateUsers.id, affiliateSessions.userId))
    .leftJoin(affiliates, eq(affiliates.id, affiliateSessions.userId))
    .where(eq(affiliateSessions.id, found.session.id));
  if (!row?.id) {
    throw data(
      {
        reason: "profile",
        message: AFFILIATE_STRINGS.portal.loadProfileFailed,
      } satisfies PortalRefusal,
      { status: 403 },
    );
  }
  const status = row.status as AffiliateStatus;
  if (status !== "approved") {
    await endAffiliateSessions(deps, row.id);
    throw data(
      { reason: "not_admitted", message: AFFILIATE_STRINGS.status[status] } satisfies PortalRefusal,
      { status: 403 },
    );
  }
  if (row.twoFactorEnabled && row.assuranceLevel !== "aal2") {
    // A session from before the authenticator was set up: it signs in again, with a code.
    await runtime.db.delete(affiliateSessions).where(eq(affiliateSessions.id, found.session.id));
    throw redirect(portalLoginPath(url));
  }
  await touchLastLogin(runtime, row.id);

  context.set(affiliateContext, {
    id: row.id,
    name: row.name!,
    email: row.email!,
    code: row.code!,
    phone: row.phone,
    company: row.company,
    payoutDetails: row.payoutDetails,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    assuranceLevel: row.assuranceLevel,
    sessionId: found.session.id,
  });
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/**
 * R13.1: last_login is set when the profile loads, written at most every 10 minutes so
 * page loads do not each write; each sign-in sets it regardless (R3.12).
 */
async function touchLastLogin(runtime: Runtime, affiliateId: string, now = new Date()) {
  await runtime.db
    .update(affiliates)
    .set({ lastLoginAt: now })
    .where(
      and(
        eq(affiliates.id, affiliateId),
        or(
          isNull(affiliates.lastLoginAt),
          lt(affiliates.lastLoginAt, new Date(now.getTime() - LAST_LOGIN_EVERY_MS)),
        ),
      ),
    );
}

/** The guarded request's affiliate (the guard has run). */
export function requireAffiliate(context: Context): PortalAffiliate {
  const affiliate = context.get(affiliateContext);
  if (!affiliate) throw redirect("/affiliate/login");
  return affiliate;
}
