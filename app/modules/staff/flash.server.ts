import { createCookieSessionStorage, redirect, type RouterContextProvider } from "react-router";
import { runtimeContext } from "~/modules/platform/context";

/**
 * A one-time message for the next page of the staff area or the partner portal ("Lead
 * moved to Won"), shown as a toast. Each area's flash cookie is sent to its pages only.
 */
export interface Flash {
  message: string;
  tone: "success" | "error";
}

/**
 * A flash as the next page gets it: with an id of its own, so that the same outcome twice
 * in a row ("Protection saved." again) shows a new toast rather than none.
 */
export interface ShownFlash extends Flash {
  id: string;
}

type Context = Readonly<RouterContextProvider>;
type FlashStorage = ReturnType<typeof createFlashStorage>;

/** The area a path belongs to: its flash cookie's path. */
const flashPath = (path: string) => (/^\/affiliate(\/|$)/.test(path) ? "/affiliate" : "/admin");

function createFlashStorage(secret: string, path: string) {
  // Signed with the server's secret: a flash cannot be forged to put words on a staff page.
  return createCookieSessionStorage<Record<string, never>, { flash: ShownFlash }>({
    cookie: {
      name: "lumen.flash",
      path,
      httpOnly: true,
      sameSite: "lax",
      maxAge: 60,
      secrets: [secret],
    },
  });
}

const storages = new Map<string, FlashStorage>();
function flashStorage(context: Context, pagePath: string): FlashStorage {
  const { config } = context.get(runtimeContext);
  const path = flashPath(pagePath);
  const key = `${path}:${config.authSecret}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createFlashStorage(config.authSecret, path);
    storages.set(key, storage);
  }
  return storage;
}

/** The Set-Cookie header that carries a flash to the next page, `to`. */
async function flashHeader(context: Context, to: string, flash: Flash): Promise<string> {
  const storage = flashStorage(context, to);
  const session = await storage.getSession();
  session.flash("flash", {
    id: crypto.randomUUID(),
    message: flash.message.slice(0, 300),
    tone: flash.tone,
  });
  return storage.commitSession(session);
}

/** A redirect after a staff change, with its outcome for the next page's toast. */
export async function redirectWithFlash(
  context: Context,
  to: string,
  flash: Flash,
  headers: HeadersInit = {},
): Promise<Response> {
  const answer = new Headers(headers);
  answer.append("Set-Cookie", await flashHeader(context, to, flash));
  return redirect(to, { headers: answer });
}

/** The pending flash, if any, and the header that clears it once shown. */
export async function readFlash(
  request: Request,
  context: Context,
): Promise<{ flash: ShownFlash | null; headers: HeadersInit | undefined }> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("lumen.flash=")) return { flash: null, headers: undefined };
  const storage = flashStorage(context, new URL(request.url).pathname);
  const session = await storage.getSession(cookie);
  const flash = session.get("flash");
  const valid =
    flash &&
    typeof flash.id === "string" &&
    typeof flash.message === "string" &&
    (flash.tone === "success" || flash.tone === "error");
  return {
    flash: valid ? flash : null,
    headers: { "Set-Cookie": await storage.commitSession(session) },
  };
}
