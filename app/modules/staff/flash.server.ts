import { parseCookie, stringifySetCookie } from "cookie";

/** A one-time message for the next admin page ("Lead moved to Won"), shown as a toast. */
export interface Flash {
  message: string;
  tone: "success" | "error";
}

const FLASH_COOKIE = "lumen.flash";

/** The Set-Cookie header that carries a flash to the next page. */
export function flashCookie(flash: Flash): string {
  return stringifySetCookie(FLASH_COOKIE, JSON.stringify(flash), {
    path: "/admin",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
  });
}

/** The pending flash, if any, and the header that clears it. */
export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const raw = parseCookie(request.headers.get("cookie") ?? "")[FLASH_COOKIE];
  if (!raw) return { flash: null, clear: null };
  const clear = stringifySetCookie(FLASH_COOKIE, "", { path: "/admin", maxAge: 0 });
  try {
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (
      typeof parsed.message === "string" &&
      (parsed.tone === "success" || parsed.tone === "error")
    ) {
      return { flash: { message: parsed.message.slice(0, 300), tone: parsed.tone }, clear };
    }
  } catch {
    // A damaged flash is dropped.
  }
  return { flash: null, clear };
}
