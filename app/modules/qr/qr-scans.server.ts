import { parseCookie, stringifySetCookie } from "cookie";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { qrCodes, qrScans, type QrCode } from "~/db/schema";
import { requestEnrichment } from "~/modules/analytics/enrich.server";
import { SLUG_PATTERN } from "~/modules/content/slug";
import { singleLine } from "~/modules/platform/text";
import { qrTargetUrl } from "./qr-links";
import { QR_SLUG_MAX_LENGTH } from "./qr.schema";
import type { QrHandle } from "./qr-codes.server";

/**
 * A scan of a tracked QR code (docs/REQUIREMENTS.md R15.3): /q/{slug} finds the code,
 * records the scan of a person (never a bot's) and sends the visitor on.
 */

/** First-party cookie of the codes this browser has scanned: their ids, no personal data. */
export const QR_COOKIE = "lm_qr";
export const QR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The cookie keeps the most recent ids only, so it stays small. */
const MAX_REMEMBERED = 50;

/** The slug as written in the address, in any case and with a trailing slash; else null. */
export function scannedSlug(raw: string | undefined): string | null {
  const slug = (raw ?? "").replace(/\/+$/, "").toLowerCase();
  return slug.length <= QR_SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug) ? slug : null;
}

/** The code ids a browser's cookie remembers. */
export function rememberedCodes(cookieHeader: string | null): number[] {
  const value = parseCookie(cookieHeader ?? "")[QR_COOKIE] ?? "";
  return value
    .split(".")
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .slice(-MAX_REMEMBERED);
}

export function rememberCookie(ids: number[], secure: boolean): string {
  return stringifySetCookie(QR_COOKIE, ids.slice(-MAX_REMEMBERED).join("."), {
    maxAge: QR_COOKIE_MAX_AGE_SECONDS,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}

export async function findQrCodeBySlug(db: Database, slug: string): Promise<QrCode | undefined> {
  const [row] = await db.select().from(qrCodes).where(eq(qrCodes.slug, slug));
  return row;
}

export interface ScanFacts {
  device: "mobile" | "tablet" | "desktop";
  referrerHost: string | null;
  isUnique: boolean;
}

/** Stores one scan and adds it to the code's counters, in one transaction. */
export async function recordScan(database: QrHandle, codeId: number, facts: ScanFacts) {
  await database.transaction(async ({ db }) => {
    await db.insert(qrScans).values({ qrCodeId: codeId, ...facts });
    await db
      .update(qrCodes)
      .set({
        scanCount: sql`${qrCodes.scanCount} + 1`,
        uniqueScanCount: sql`${qrCodes.uniqueScanCount} + ${facts.isUnique ? 1 : 0}`,
      })
      .where(eq(qrCodes.id, codeId));
  });
}

function referrerHostOf(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return singleLine(new URL(referer).host).slice(0, 200) || null;
  } catch {
    return null;
  }
}

export type ScanAnswer =
  | { kind: "unknown" }
  | { kind: "disabled"; name: string }
  | { kind: "redirect"; location: string; setCookie?: string };

/**
 * What /q/{slug} answers: unknown, switched off, or the target. A GET by a person is
 * recorded (unique the first time this browser scans the code); bots and HEAD requests
 * are sent on uncounted.
 */
export async function answerScan(
  database: QrHandle,
  request: Request,
  rawSlug: string | undefined,
  publicUrl: URL,
): Promise<ScanAnswer> {
  const slug = scannedSlug(rawSlug);
  if (!slug) return { kind: "unknown" };
  const code = await findQrCodeBySlug(database.db, slug);
  if (!code) return { kind: "unknown" };
  if (!code.enabled) return { kind: "disabled", name: code.name };
  const location = qrTargetUrl(code, publicUrl.origin);
  const enrichment = requestEnrichment(request);
  if (request.method !== "GET" || enrichment.isBot) return { kind: "redirect", location };

  const seen = rememberedCodes(request.headers.get("cookie"));
  const isUnique = !seen.includes(code.id);
  await recordScan(database, code.id, {
    device:
      enrichment.device === "mobile" || enrichment.device === "tablet"
        ? enrichment.device
        : "desktop",
    referrerHost: referrerHostOf(request.headers.get("referer")),
    isUnique,
  });
  if (!isUnique) return { kind: "redirect", location };
  const secure = publicUrl.protocol === "https:";
  return { kind: "redirect", location, setCookie: rememberCookie([...seen, code.id], secure) };
}
