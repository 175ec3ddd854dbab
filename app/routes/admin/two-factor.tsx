import { data, Form, redirect, useNavigation } from "react-router";
import { eq } from "drizzle-orm";
import type { Route } from "./+types/two-factor";
import { LoginFrame } from "~/components/admin/login-frame";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { sessions, users } from "~/db/schema";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { getAuth, sessionCookieName } from "~/modules/staff/auth.server";
import { authDeps, requestIp } from "~/modules/staff/guard.server";
import {
  answerDelay,
  authHeaders,
  completeSignIn,
  fixSessionLifetime,
  REMEMBER_COOKIE,
  rememberedChoice,
  safeReturnTo,
} from "~/modules/staff/login.server";
import { ErrorAlert } from "~/components/ui/error-alert";

export const meta: Route.MetaFunction = () => [
  { title: "Authenticator code | Staff area" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const company = await getCompanySettings(db);
  return {
    companyName: company.name,
    returnTo: safeReturnTo(new URL(request.url).searchParams.get("returnTo")),
  };
}

const WRONG_CODE = "That code did not match. Check the time on your phone and try the newest code.";

/** The second step for members with an authenticator: a six-digit code (TOTP). */
export async function action({ request, context }: Route.ActionArgs) {
  const started = Date.now();
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  const form = await request.formData();
  const code = String(form.get("code") ?? "").replace(/\s+/g, "");
  const returnTo = safeReturnTo(String(form.get("returnTo") ?? ""));
  const ip = requestIp(request, context);
  const userAgent = request.headers.get("user-agent") ?? undefined;
  const deps = authDeps(runtime);

  let setCookies: string[];
  try {
    const answer = await getAuth(deps).api.verifyTOTP({
      body: { code },
      headers: authHeaders({ ip, userAgent }, request.headers.get("cookie") ?? undefined),
      returnHeaders: true,
    });
    setCookies = answer.headers.getSetCookie();
  } catch {
    await answerDelay(started);
    return data({ error: WRONG_CODE }, { status: 401 });
  }

  const name = sessionCookieName(runtime.config);
  const token = decodeURIComponent(
    setCookies
      .find((cookie) => cookie.startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .split(";")[0] ?? "",
  ).split(".")[0];
  const [signedIn] = token
    ? await runtime.db
        .select({ userId: users.id, email: users.email })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.token, token))
    : [];
  if (!signedIn) {
    await answerDelay(started);
    return data({ error: WRONG_CODE }, { status: 401 });
  }
  const now = new Date();
  const trustCookies = await completeSignIn(deps, {
    ...signedIn,
    ip,
    userAgent,
    cookieHeader: request.headers.get("cookie") ?? undefined,
    now,
  });
  const headers = new Headers();
  for (const cookie of [
    ...(await fixSessionLifetime(deps, setCookies, rememberedChoice(request), now)),
    ...trustCookies,
  ]) {
    headers.append("Set-Cookie", cookie);
  }
  headers.append("Set-Cookie", `${REMEMBER_COOKIE}=; Path=/admin/login; Max-Age=0`);
  await answerDelay(started);
  return redirect(returnTo, { headers });
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <LoginFrame companyName={loaderData.companyName} title="Enter your authenticator code">
      <Form method="post" className="flex flex-col gap-5">
        {actionData?.error && <ErrorAlert>{actionData.error}</ErrorAlert>}
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <TextField
          id="two-factor-code"
          name="code"
          label="Six-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          required
          hint="From the authenticator app you set up for the staff area."
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Checking…" : "Continue"}
        </Button>
      </Form>
    </LoginFrame>
  );
}
