import { StaffForm, SubmitButton } from "~/components/admin/staff-form";

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

/** A sign-in page's one form in its frame, ending with its large submit button. */
export function LoginFormFrame({
  companyName,
  title,
  form,
  submit,
  pendingLabel,
  children,
}: {
  companyName: string;
  title: string;
  form: React.ComponentProps<typeof StaffForm>["form"];
  submit: string;
  pendingLabel: string;
  children: React.ReactNode;
}) {
  return (
    <LoginFrame companyName={companyName} title={title}>
      <StaffForm form={form} className="flex flex-col gap-5">
        {children}
        <SubmitButton formId={form.id} size="lg" pendingLabel={pendingLabel}>
          {submit}
        </SubmitButton>
      </StaffForm>
    </LoginFrame>
  );
}
