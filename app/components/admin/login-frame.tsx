import { StaffForm, SubmitButton } from "~/components/admin/staff-form";
import { SIGN_IN_FORM, type SignInFormId } from "~/modules/staff/sign-in.schema";

/** The sign-in pages' frame (the staff area's and the partner portal's): the company and a card. */
export function LoginFrame({
  companyName,
  area,
  title,
  wide = false,
  children,
}: {
  companyName: string;
  /** Shown under the company's name, e.g. "Partner portal". */
  area?: string;
  title: string;
  /** A longer form (an application) gets a wider card. */
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-12"
    >
      <div
        className={`relative w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-2xl bg-white p-6 shadow-(--shadow-card) sm:p-8`}
      >
        <p className="font-serif text-lg font-semibold">
          {companyName}
          {area && <span className="block font-sans text-sm font-normal text-muted">{area}</span>}
        </p>
        <h1 className="mb-6 mt-1 font-sans text-2xl font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The head of a sign-in page: its title, and kept out of search engines. */
export function loginPageMeta(title: string, area = "Staff area") {
  return [{ title: `${title} | ${area}` }, { name: "robots", content: "noindex, nofollow" }];
}

/** A sign-in page's heading and submit button. */
export interface StepCopy {
  title: string;
  submit: string;
  pending: string;
}

/** Each staff sign-in page's heading and submit button, by its form's id. */
const STEP_COPY: Record<SignInFormId, StepCopy> = {
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
  area,
  copy = STEP_COPY[form.id as SignInFormId],
  wide,
  children,
  footer,
}: {
  companyName: string;
  /** Made with one of the ids in `SIGN_IN_FORM`, which picks the heading and button... */
  form: React.ComponentProps<typeof StaffForm>["form"];
  /** ...unless another area's page gives its own. */
  copy?: StepCopy;
  area?: string;
  wide?: boolean;
  children: React.ReactNode;
  /** Links under the form (forgot password, apply). */
  footer?: React.ReactNode;
}) {
  return (
    <LoginFrame companyName={companyName} area={area} title={copy.title} wide={wide}>
      <StaffForm form={form} className="flex flex-col gap-5">
        {children}
        <SubmitButton formId={form.id} size="lg" pendingLabel={copy.pending}>
          {copy.submit}
        </SubmitButton>
      </StaffForm>
      {footer && <div className="mt-6 flex flex-col gap-2 text-sm">{footer}</div>}
    </LoginFrame>
  );
}
