import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { runtimeContext } from "~/modules/platform/context";
import type { Runtime } from "~/modules/platform/runtime.server";
import { readFlash, redirectWithFlash } from "./flash.server";

function contextWithSecret(secret: string) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, { config: { authSecret: secret } } as unknown as Runtime);
  return context;
}

const requestWith = (cookie: string) =>
  new Request("http://localhost/admin/leads", { headers: { cookie } });

describe("the flash message", () => {
  it("travels signed to the next page, once", async () => {
    const context = contextWithSecret("first-secret-of-this-server");
    const answer = await redirectWithFlash(context, "/admin/leads", {
      message: "Lead moved to Won.",
      tone: "success",
    });
    expect(answer.status).toBe(302);
    const cookie = answer.headers.get("set-cookie")!.split(";")[0]!;
    const shown = await readFlash(requestWith(cookie), context);
    expect(shown.flash).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: "Lead moved to Won.",
      tone: "success",
    });
    // Shown once: the answer replaces the cookie with one that holds no flash.
    const cleared = new Headers(shown.headers).get("set-cookie")!.split(";")[0]!;
    expect((await readFlash(requestWith(cleared), context)).flash).toBeNull();
  });

  it("has an id of its own each time, so the same outcome twice shows twice", async () => {
    const context = contextWithSecret("first-secret-of-this-server");
    const shownId = async () => {
      const answer = await redirectWithFlash(context, "/admin/settings", {
        message: "Protection saved.",
        tone: "success",
      });
      const cookie = answer.headers.get("set-cookie")!.split(";")[0]!;
      return (await readFlash(requestWith(cookie), context)).flash?.id;
    };
    const [first, second] = [await shownId(), await shownId()];
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("is ignored when forged or signed by another secret", async () => {
    const forged = `lumen.flash=${Buffer.from(
      JSON.stringify({ flash: { message: "Call 555-0100 now", tone: "error" } }),
    ).toString("base64")}`;
    const context = contextWithSecret("first-secret-of-this-server");
    expect((await readFlash(requestWith(forged), context)).flash).toBeNull();

    const other = await redirectWithFlash(contextWithSecret("another-secret"), "/admin", {
      message: "Hello",
      tone: "success",
    });
    const otherCookie = other.headers.get("set-cookie")!.split(";")[0]!;
    expect((await readFlash(requestWith(otherCookie), context)).flash).toBeNull();
  });
});
