import { createCookieSessionStorage, redirect, type RouterContextProvider } from "react-router";
import { runtimeContext } from "~/modules/platform/context";

/** A one-time message for the next admin page ("Lead moved to Won"), shown as a toast. */
export interface Flash {
  message: string;
  tone: "success" | "error";
}

type Context = Readonly<RouterContextProvider>;
type FlashStorage = ReturnType<typeof createFlashStorage>;

function createFlashStorage(secret: string) {
  // Signed with the server's secret: a flash cannot be forged to put words on a staff page.
  return createCookieSessionStorage<Record<string, never>, { flash: Flash }>({
    cookie: {
      name: "lumen.flash",
      path: "/admin",
      httpOnly: true,
      sameSite: "lax",
      maxAge: 60,
      secrets: [secret],
    },
  });
}

const storages = new Map<string, FlashStorage>();
function flashStorage(context: Context): FlashStorage {
  const { config } = context.get(runtimeContext);
  let storage = storages.get(config.authSecret);
  if (!storage) {
    storage = createFlashStorage(config.authSecret);
    storages.set(config.authSecret, storage);
  }
  return storage;
}

/** The Set-Cookie header that carries a flash to the next page. */
async function flashHeader(context: Context, flash: Flash): Promise<string> {
  const storage = flashStorage(context);
  const session = await storage.getSession();
  session.flash("flash", { message: flash.message.slice(0, 300), tone: flash.tone });
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
  answer.append("Set-Cookie", await flashHeader(context, flash));
  return redirect(to, { headers: answer });
}

/** The pending flash, if any, and the header that clears it once shown. */
export async function readFlash(
  request: Request,
  context: Context,
): Promise<{ flash: Flash | null; headers: HeadersInit | undefined }> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("lumen.flash=")) return { flash: null, headers: undefined };
  const storage = flashStorage(context);
  const session = await storage.getSession(cookie);
  const flash = session.get("flash");
  const valid =
    flash &&
    typeof flash.message === "string" &&
    (flash.tone === "success" || flash.tone === "error");
  return {
    flash: valid ? flash : null,
    headers: { "Set-Cookie": await storage.commitSession(session) },
  };
}
