import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  FormError,
  lazyRules,
  PublicFormHiddenFields,
  withBrowserAttribution,
} from "~/components/site/public-form";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import {
  EMPTY_ENTRY_FORM,
  ENTRY_FIELD_LABELS,
  type EntryActionResult,
  type EntryField,
  type EntryFieldErrors,
  type EntryFormValues,
} from "~/modules/giveaways/giveaway-entry-fields";
import { normalizePhone } from "~/modules/leads/phone";

/** Where the form posts: the giveaway page's own action. */
const ENTRY_ACTION = "/giveaway";

const TEXT_FIELDS = [
  { field: "name", autoComplete: "name" },
  { field: "email", type: "email", autoComplete: "email", inputMode: "email" },
  {
    field: "phone",
    type: "tel",
    autoComplete: "tel",
    inputMode: "tel",
    hint: "Ten digits, e.g. 617 555 0142",
  },
  {
    field: "zip",
    autoComplete: "postal-code",
    inputMode: "numeric",
    hint: "5 digits, or ZIP+4",
  },
] as const satisfies readonly {
  field: Exclude<EntryField, "agreeToRules">;
  type?: string;
  autoComplete: string;
  inputMode?: "email" | "tel" | "numeric";
  hint?: string;
}[];

/**
 * The giveaway's entry form (docs/REQUIREMENTS.md R15.2). Without JavaScript it is a plain
 * POST answered by the server with the same messages beside the fields; with it, the same
 * rules (loaded when the visitor reaches for the form) check it before it is sent, and it
 * travels with the attribution the browser kept.
 */
export function GiveawayEntryForm({
  formToken,
  result,
}: {
  formToken: string;
  result?: EntryActionResult;
}) {
  const fetcher = useFetcher<EntryActionResult>();
  const serverResult = fetcher.data ?? result;
  const [values, setValues] = useState<EntryFormValues>(
    () => result?.values ?? { ...EMPTY_ENTRY_FORM },
  );
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [edited, setEdited] = useState<{ of: unknown; fields: Set<EntryField> }>();
  const formRef = useRef<HTMLFormElement>(null);
  const validator = useEntryValidator();

  useEffect(() => {
    if (!serverResult?.errors && !serverResult?.formError) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>("[aria-invalid='true']") ??
      form?.querySelector<HTMLElement>("[data-form-error]");
    target?.focus();
  }, [serverResult]);

  const validation = submitAttempted ? validator.validate?.(values) : undefined;
  const clientErrors: EntryFieldErrors = validation && !validation.ok ? validation.errors : {};
  const errorFor = (field: EntryField): string | undefined => {
    const stale = edited?.of === serverResult && edited?.fields.has(field);
    return clientErrors[field] ?? (stale ? undefined : serverResult?.errors?.[field]);
  };

  const update = (field: EntryField, value: string) => {
    setValues((current) => ({
      ...current,
      [field]: field === "phone" ? normalizePhone(value).value : value,
    }));
    if (serverResult?.errors?.[field]) {
      const fields = new Set(edited?.of === serverResult ? edited.fields : []);
      setEdited({ of: serverResult, fields: fields.add(field) });
    }
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitAttempted(true);
    const checked = validator.validate?.(values);
    if (checked && !checked.ok) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
      );
      return;
    }
    const data = withBrowserAttribution(new FormData(event.currentTarget));
    void fetcher.submit(data, { method: "post", action: ENTRY_ACTION });
  };

  const submitting = fetcher.state !== "idle";
  const formError = submitting ? undefined : serverResult?.formError;

  return (
    <form
      ref={formRef}
      method="post"
      action={ENTRY_ACTION}
      noValidate
      aria-labelledby="giveaway-form-title"
      className="relative flex flex-col gap-5 rounded-(--radius-card) bg-white p-5 shadow-(--shadow-card) sm:p-8"
      onFocus={validator.load}
      onPointerDown={validator.load}
      onSubmit={submit}
    >
      <div>
        <h2 id="giveaway-form-title" className="text-2xl">
          Enter the giveaway
        </h2>
        <p className="mt-1 text-sm text-muted">
          One entry per person. Fields marked <span className="text-danger">*</span> are required.
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ field, ...input }) => (
          <TextField
            key={field}
            id={`giveaway-${field}`}
            name={field}
            label={ENTRY_FIELD_LABELS[field]}
            required
            value={values[field]}
            error={errorFor(field)}
            onChange={(event) => update(field, event.target.value)}
            {...input}
          />
        ))}
      </div>
      <CheckboxField
        id="giveaway-agreeToRules"
        name="agreeToRules"
        checked={values.agreeToRules === "on"}
        error={errorFor("agreeToRules")}
        onChange={(event) => update("agreeToRules", event.target.checked ? "on" : "")}
        label={
          <>
            I have read and agree to the{" "}
            <a href="/giveaway/rules" className="underline">
              official rules
            </a>
            .
          </>
        }
      />
      <PublicFormHiddenFields formToken={serverResult?.formToken ?? formToken} />
      {formError && <FormError message={formError} />}
      <Button type="submit" size="lg" disabled={submitting} className="sm:self-start">
        {submitting ? "Sending…" : "Enter now"}
      </Button>
      <p className="text-xs text-muted">
        No purchase necessary. We use your details only to run this giveaway and contact the winner.
        See our{" "}
        <a href="/privacy-policy" className="underline">
          privacy policy
        </a>
        .
      </p>
    </form>
  );
}

/** The rules load when the visitor first reaches for the form, not with the page. */
const useEntryValidator = lazyRules(() =>
  import("~/modules/giveaways/giveaway-entry.schema").then((module) => module.validateEntry),
);
