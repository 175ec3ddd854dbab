import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  ErrorSummary,
  FormError,
  lazyRules,
  PublicFormHiddenFields,
  withBrowserAttribution,
} from "~/components/site/public-form";
import { CheckboxField, RadioGroupField, SelectField, TextField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { useTouchedFields } from "./use-touched-fields";
import type { CompanySettings } from "~/db/schema/settings";
import { storedTrackingParams } from "~/modules/attribution/tracking.client";
import {
  EMPTY_LEAD_FORM,
  LEAD_FIELD_LABELS,
  LEAD_FIELDS,
  LEAD_FORM_TEXT,
  PHONE_MESSAGES,
  PROJECT_TYPES,
  SERVICES,
  sourceOptions,
  type LeadField,
  type LeadFieldErrors,
  type LeadFormValues,
} from "~/modules/leads/lead-fields";
import {
  LEAD_FORM_ACTION,
  VISUALIZER_DESIGN_FIELD,
  type LeadActionResult,
} from "~/modules/leads/lead-form-post";
import { normalizePhone } from "~/modules/leads/phone";
import { prefillSource } from "~/modules/leads/source-prefill";
import { telHref } from "~/modules/settings/format";

interface ConsultationFormProps {
  company: Pick<CompanySettings, "name" | "phone" | "referralByName">;
  /** Prefix of the element ids, unique per form on a page. */
  idPrefix?: string;
  /** A source to pre-select when the URL names none (e.g. TV on the TV landing page). */
  defaultSource?: string;
  /** The server's answer to a submission made without JavaScript. */
  result?: LeadActionResult;
  /** The title's level in the page's outline. */
  headingLevel?: 2 | 3;
  /** A visualizer design (its share link's query) sent with the request (docs/REQUIREMENTS.md R15.5). */
  visualizerDesign?: string;
}

/** The contact fields, in order; what the browser may fill in for each. */
const CONTACT_FIELDS = [
  { field: "firstName", autoComplete: "given-name" },
  { field: "lastName", autoComplete: "family-name" },
  { field: "email", type: "email", autoComplete: "email", inputMode: "email" },
  {
    field: "phone",
    type: "tel",
    autoComplete: "tel",
    inputMode: "tel",
    hint: "Ten digits, e.g. 617 555 0142",
  },
] as const satisfies readonly {
  field: LeadField;
  type?: string;
  autoComplete: string;
  inputMode?: "email" | "tel";
  hint?: string;
}[];

/**
 * Request a Consultation. Works without JavaScript (a plain POST answered by the server
 * with the same messages); with it, fields are checked as the visitor types, and the
 * request is sent in the background with the attribution the browser kept.
 */
export function ConsultationForm({
  company,
  idPrefix = "lead",
  defaultSource,
  result,
  headingLevel = 3,
  visualizerDesign,
}: ConsultationFormProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const fetcher = useFetcher<LeadActionResult>();
  const { search, pathname } = useLocation();
  const options = useMemo(() => sourceOptions(company.referralByName), [company.referralByName]);

  const [values, setValues] = useState<LeadFormValues>(() => {
    if (result?.values) return result.values;
    const params = new URLSearchParams(search);
    const prefill =
      prefillSource(
        { source: params.get("source"), utm_source: params.get("utm_source") },
        options,
      ) ?? (defaultSource ? { source: defaultSource, otherSource: "" } : undefined);
    return { ...EMPTY_LEAD_FORM, ...prefill };
  });
  const { touched, touch } = useTouchedFields<LeadField>();
  const [submitAttempted, setSubmitAttempted] = useState(false);
  // Digits past the tenth are cut as typed (docs/REQUIREMENTS.md R5.2); the message says why.
  const [phoneOverflow, setPhoneOverflow] = useState<string>();
  // The server's answer: from a background submission, or a post made without JavaScript.
  const serverResult = fetcher.data ?? result;
  // Fields changed since that answer: their server message no longer applies.
  const [editedSince, setEditedSince] = useState<{ of: unknown; fields: Set<LeadField> }>();
  const formRef = useRef<HTMLFormElement>(null);
  const validator = useLeadValidator();
  // False in the server's HTML and while hydrating it, true from then on.
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  // After the server answers with problems, focus goes to the first one.
  useEffect(() => {
    if (!serverResult?.errors && !serverResult?.formError) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>("[aria-invalid='true']") ??
      form?.querySelector<HTMLElement>("[data-form-error]");
    target?.focus();
  }, [serverResult]);

  const validation = validator.validate?.(values, company);
  const clientErrors: LeadFieldErrors = validation && !validation.ok ? validation.errors : {};
  const showAll = submitAttempted || Boolean(serverResult?.errors);
  const serverError = (field: LeadField) =>
    editedSince && editedSince.of === serverResult && editedSince.fields.has(field)
      ? undefined
      : serverResult?.errors?.[field];
  const errorFor = (field: LeadField): string | undefined =>
    serverError(field) ??
    (field === "phone" ? phoneOverflow : undefined) ??
    (showAll || touched.has(field) ? clientErrors[field] : undefined);
  const visibleErrors = LEAD_FIELDS.filter((field) => errorFor(field));

  const update = (field: LeadField, value: string) => {
    if (field === "phone") {
      const phone = normalizePhone(value);
      setPhoneOverflow(
        phone.error?.startsWith(PHONE_MESSAGES.phoneTooLong) ? phone.error : undefined,
      );
      value = phone.value;
    }
    setValues((current) => ({ ...current, [field]: value }));
    if (serverResult?.errors?.[field]) {
      const fields = new Set(editedSince?.of === serverResult ? editedSince.fields : []);
      setEditedSince({ of: serverResult, fields: fields.add(field) });
    }
  };

  /** First contact with the form: load the rules, and pre-select a source kept from earlier in the visit. */
  const engage = () => {
    validator.load();
    if (!values.source) {
      const prefill = prefillSource(storedTrackingParams(), options);
      if (prefill) setValues((current) => (current.source ? current : { ...current, ...prefill }));
    }
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitAttempted(true);
    // Before the rules have loaded the server checks alone, and answers the same.
    if (validation && !validation.ok) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
      );
      return;
    }
    // The attribution the browser kept travels with the request.
    const data = withBrowserAttribution(new FormData(event.currentTarget));
    void fetcher.submit(data, { method: "post", action: LEAD_FORM_ACTION });
  };

  const text = (field: LeadField) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: values[field],
    error: errorFor(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      update(field, event.target.value),
    onBlur: touch(field),
  });
  const checkbox = (field: LeadField) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    checked: values[field] === "on",
    error: errorFor(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      update(field, event.target.checked ? "on" : ""),
    onBlur: touch(field),
  });

  const submitting = fetcher.state !== "idle";
  const formError = submitting ? undefined : serverResult?.formError;

  return (
    <form
      ref={formRef}
      method="post"
      action={LEAD_FORM_ACTION}
      noValidate
      aria-labelledby={`${idPrefix}-title`}
      className="lead-form relative flex flex-col gap-5 rounded-(--radius-card) bg-white p-5 shadow-(--shadow-card) sm:p-8"
      // Which follow-up questions apply, for app.css, once the script runs: Chromium sometimes
      // keeps a :has(:checked) rule's old result when a script sets `checked`, as React does
      // on every click. Before that, the visitor's own clicks drive :has() alone.
      data-project-type={scripted ? values.projectType || undefined : undefined}
      data-source={scripted ? values.source || undefined : undefined}
      onFocus={engage}
      onPointerDown={engage}
      onSubmit={submit}
    >
      <div>
        <Heading id={`${idPrefix}-title`} className="text-2xl">
          Request a Consultation
        </Heading>
        <p className="mt-1 text-sm text-muted">
          Free, no obligation. Fields marked <span className="text-danger">*</span> are required.
        </p>
      </div>

      {showAll && visibleErrors.length > 0 && (
        <ErrorSummary
          title={LEAD_FORM_TEXT.summary}
          fields={visibleErrors}
          fieldId={(field) => `${idPrefix}-${field}`}
          errorFor={errorFor}
        />
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        {CONTACT_FIELDS.map(({ field, ...input }) => (
          <TextField
            key={field}
            label={LEAD_FIELD_LABELS[field]}
            required
            {...input}
            {...text(field)}
          />
        ))}
      </div>

      <SelectField
        label={LEAD_FIELD_LABELS.service}
        required
        placeholder="Choose a service"
        options={SERVICES.map((service) => ({ value: service, label: service }))}
        {...text("service")}
      />

      <RadioGroupField
        id={`${idPrefix}-projectType`}
        name="projectType"
        label={LEAD_FIELD_LABELS.projectType}
        required
        value={values.projectType}
        options={PROJECT_TYPES}
        error={errorFor("projectType")}
        onChange={(value) => update("projectType", value)}
        onBlur={touch("projectType")}
      />

      <SelectField
        label="How did you hear about us?"
        required
        placeholder="Choose one"
        options={options.map((option) => ({ value: option, label: option }))}
        {...text("source")}
      />
      {[
        {
          when: "referral",
          label: LEAD_FORM_TEXT.referralNameLabel,
          field: "referralName" as const,
        },
        { when: "other", label: "Where did you hear about us?", field: "otherSource" as const },
      ].map(({ when, label, field }) => (
        <div key={when} data-when={when}>
          <TextField label={label} required autoComplete="off" {...text(field)} />
        </div>
      ))}

      <div data-when="all-present">
        <CheckboxField
          label="All homeowners will be present at the consultation."
          {...checkbox("agreeToAllPresent")}
        />
      </div>
      <CheckboxField
        label={`I agree that ${company.name} may contact me by phone, text or e-mail about my consultation.`}
        {...checkbox("agreeToContact")}
      />

      <PublicFormHiddenFields
        formToken={serverResult?.formToken}
        pagePath={serverResult?.pagePath ?? pathname}
      />
      {(visualizerDesign ?? result?.visualizerDesign) && (
        <input
          type="hidden"
          name={VISUALIZER_DESIGN_FIELD}
          value={visualizerDesign ?? result?.visualizerDesign}
        />
      )}
      {formError && <FormError message={formError} />}

      <Button type="submit" size="lg" disabled={submitting} className="sm:self-start">
        {submitting ? "Sending…" : formError ? "Try again" : "Request My Free Consultation"}
        {!submitting && <Icon name="arrow-right" className="size-5" />}
      </Button>
      <p className="text-xs text-muted">
        We use your details only to arrange your consultation. See our{" "}
        <a href="/privacy-policy" className="underline">
          privacy policy
        </a>
        . Prefer to talk? Call{" "}
        <a href={telHref(company.phone)} className="underline">
          {company.phone}
        </a>
        .
      </p>
    </form>
  );
}

/** The form's rules load when the visitor first reaches for the form, not with the page. */
const useLeadValidator = lazyRules(() =>
  import("~/modules/leads/lead.schema").then((module) => module.validateLead),
);

const noSubscription = () => () => {};
