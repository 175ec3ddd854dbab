import { StaffForm, SubmitButton } from "~/components/admin/staff-form";
import { SIGN_IN_FORM, type SignInFormId } from "~/modules/staff/sign-in.schema";

/** The sign-in pages' frame: the company and a card. */
export function LoginFrame({
  companyName,
  title,
  children,
}: {
  companyName: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-12">
      <div className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-(--shadow-card) sm:p-8">
        <p className="font-serif text-lg font-semibold">{companyName}</p>
        <h1 className="mb-6 mt-1 font-sans text-2xl font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The head of a sign-in page: its title, and kept out of search engines. */
export function loginPageMeta(title: string) {
  return [{ title: `${title} | Staff area` }, { name: "robots", content: "noindex, nofollow" }];
}

/** Each sign-in page's heading and submit button, by its form's id. */
const STEP_COPY: Record<SignInFormId, { title: string; submit: string; pending: string }> = {
  [SIGN_IN_FORM.login]: {
    title: "Sign in to the staff area",
    submit: "Sign in",
    pending: "Signing in…",
  },
  [SIGN_IN_FORM.twoFactor]: {
    title: "Enter your authenticator code",
    submit: "Continue",
    pending: "Checking…",
  },
  [SIGN_IN_FORM.setPassword]: {
    title: "Set your password",
    submit: "Set password",
    pending: "Saving…",
  },
};

/** A sign-in page's one form in its frame, ending with its large submit button. */
export function LoginFormFrame({
  companyName,
  form,
  children,
}: {
  companyName: string;
  /** Made with one of the ids in `SIGN_IN_FORM`, which picks the heading and button. */
  form: React.ComponentProps<typeof StaffForm>["form"];
  children: React.ReactNode;
}) {
  const copy = STEP_COPY[form.id as SignInFormId];
  return (
    <LoginFrame companyName={companyName} title={copy.title}>
      <StaffForm form={form} className="flex flex-col gap-5">
        {children}
        <SubmitButton formId={form.id} size="lg" pendingLabel={copy.pending}>
          {copy.submit}
        </SubmitButton>
      </StaffForm>
    </LoginFrame>
  );
}
