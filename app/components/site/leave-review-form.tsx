import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSubmit } from "react-router";
import {
  ErrorSummary,
  FormError,
  lazyRules,
  PublicFormHiddenFields,
  withBrowserAttribution,
} from "~/components/site/public-form";
import { Button } from "~/components/ui/button";
import {
  CheckboxField,
  FieldError,
  RadioGroupField,
  TextAreaField,
  TextField,
} from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { useTouchedFields } from "./use-touched-fields";
import { normalizePhone } from "~/modules/leads/phone";
import {
  EMPTY_REVIEW_FORM,
  REVIEW_FIELD_LABELS,
  REVIEW_FIELDS,
  REVIEW_MESSAGES,
  REVIEW_PROJECT_TYPES,
  STAR_WORDS,
  type ReviewActionResult,
  type ReviewField,
  type ReviewFieldErrors,
  type ReviewFormValues,
} from "~/modules/reviews/leave-review-fields";

const ID = "review";
const fieldId = (field: ReviewField) => `${ID}-${field}`;

/**
 * The leave-review form (docs/REQUIREMENTS.md R15.1). Without JavaScript it is a plain post
 * the server answers with the same messages and what was typed; with it, the rules load on
 * first use and check the fields as the visitor goes, and the attribution the browser kept
 * travels with the post.
 */
export function LeaveReviewForm({
  formToken,
  result,
}: {
  /** When the page was served, signed: proves a person took time to fill the form in. */
  formToken: string;
  /** The server's answer to the last post, when it sent the form back. */
  result: ReviewActionResult | undefined;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [values, setValues] = useState<ReviewFormValues>(() => result?.values ?? EMPTY_REVIEW_FORM);
  const { touched, touch } = useTouchedFields<ReviewField>();
  const [submitAttempted, setSubmitAttempted] = useState(false);
  // Fields changed since the server's answer: its message no longer applies to them.
  const [editedSince, setEditedSince] = useState<{ of: unknown; fields: Set<ReviewField> }>();
  const formRef = useRef<HTMLFormElement>(null);
  const validator = useReviewValidator();

  // After the server answers with problems, focus goes to the first one.
  useEffect(() => {
    if (!result?.errors && !result?.formError) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>("[aria-invalid='true'] input, [aria-invalid='true']") ??
      form?.querySelector<HTMLElement>("[data-form-error]");
    target?.focus();
  }, [result]);

  const validation = validator.validate?.(values);
  const clientErrors: ReviewFieldErrors = validation && !validation.ok ? validation.errors : {};
  const showAll = submitAttempted || Boolean(result?.errors);
  const serverError = (field: ReviewField) =>
    editedSince && editedSince.of === result && editedSince.fields.has(field)
      ? undefined
      : result?.errors?.[field];
  const errorFor = (field: ReviewField): string | undefined =>
    serverError(field) ?? (showAll || touched.has(field) ? clientErrors[field] : undefined);
  const visibleErrors = REVIEW_FIELDS.filter((field) => errorFor(field));

  const update = (field: ReviewField, value: string) => {
    if (field === "contactPhone" && value) value = normalizePhone(value).value;
    setValues((current) => ({ ...current, [field]: value }));
    if (result?.errors?.[field]) {
      const fields = new Set(editedSince?.of === result ? editedSince.fields : []);
      setEditedSince({ of: result, fields: fields.add(field) });
    }
  };
  const text = (field: ReviewField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    error: errorFor(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      update(field, event.target.value),
    onBlur: touch(field),
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitAttempted(true);
    // Before the rules have loaded the server checks alone, and answers the same.
    if (validation && !validation.ok) {
      requestAnimationFrame(() =>
        formRef.current
          ?.querySelector<HTMLElement>("[aria-invalid='true'] input, [aria-invalid='true']")
          ?.focus(),
      );
      return;
    }
    const data = withBrowserAttribution(new FormData(event.currentTarget));
    void submit(data, { method: "post" });
  };

  const submitting = navigation.state === "submitting";
  const formError = submitting ? undefined : result?.formError;

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby={`${ID}-title`}
      className="relative flex flex-col gap-6 rounded-(--radius-card) bg-white p-5 shadow-(--shadow-card) sm:p-8"
      onFocus={validator.load}
      onPointerDown={validator.load}
      onSubmit={onSubmit}
    >
      <div>
        <h2 id={`${ID}-title`} className="text-2xl">
          Your review
        </h2>
        <p className="mt-1 text-sm text-muted">
          Fields marked <span className="text-danger">*</span> are required.
        </p>
      </div>

      {showAll && visibleErrors.length > 0 && (
        <ErrorSummary
          title={REVIEW_MESSAGES.summary}
          fields={visibleErrors}
          fieldId={fieldId}
          errorFor={errorFor}
        />
      )}

      <StarRatingInput
        value={values.rating}
        error={errorFor("rating")}
        onChange={(value) => update("rating", value)}
        onBlur={touch("rating")}
      />

      <TextAreaField
        label={REVIEW_FIELD_LABELS.text}
        required
        rows={6}
        hint="What did we build, and how was it to work with us?"
        {...text("text")}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={REVIEW_FIELD_LABELS.name}
          required
          autoComplete="name"
          hint="For example: Eleanor P."
          {...text("name")}
        />
        <TextField
          label={REVIEW_FIELD_LABELS.town}
          required
          autoComplete="address-level2"
          hint="For example: Quincy, MA"
          {...text("town")}
        />
      </div>

      <RadioGroupField
        id={fieldId("projectType")}
        name="projectType"
        label={REVIEW_FIELD_LABELS.projectType}
        required
        value={values.projectType}
        options={REVIEW_PROJECT_TYPES}
        error={errorFor("projectType")}
        onChange={(value) => update("projectType", value)}
        onBlur={touch("projectType")}
      />

      <fieldset className="flex flex-col gap-4 rounded-lg border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-ink">
          So we can follow up (optional)
        </legend>
        <p className="-mt-1 text-sm text-muted">
          Only our team sees these: they are never published.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={REVIEW_FIELD_LABELS.contactEmail}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...text("contactEmail")}
          />
          <TextField
            label={REVIEW_FIELD_LABELS.contactPhone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...text("contactPhone")}
          />
        </div>
      </fieldset>

      <CheckboxField
        id={fieldId("consentToPublish")}
        name="consentToPublish"
        label={REVIEW_FIELD_LABELS.consentToPublish}
        required
        checked={values.consentToPublish === "on"}
        error={errorFor("consentToPublish")}
        onChange={(event) => update("consentToPublish", event.target.checked ? "on" : "")}
        onBlur={touch("consentToPublish")}
      />

      <PublicFormHiddenFields formToken={result?.formToken ?? formToken} pagePath={pathname} />
      {formError && <FormError message={formError} />}

      <Button type="submit" size="lg" disabled={submitting} className="sm:self-start">
        {submitting ? "Sending…" : "Send my review"}
        {!submitting && <Icon name="send" className="size-5" />}
      </Button>
    </form>
  );
}

/**
 * Five radio buttons drawn as stars (a native radio group: arrow keys move between them,
 * and it works without JavaScript). The stars up to the chosen one fill in by CSS
 * (`.star-input` in app/app.css), so they do before scripts run too.
 */
function StarRatingInput({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: (event: React.FocusEvent) => void;
}) {
  const id = fieldId("rating");
  return (
    <fieldset
      id={id}
      role="radiogroup"
      aria-required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className="star-input"
    >
      <legend className="mb-1.5 block text-sm font-semibold text-ink">
        {REVIEW_FIELD_LABELS.rating}
        <span aria-hidden="true" className="text-danger">
          {" "}
          *
        </span>
      </legend>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex">
          {STAR_WORDS.map((word, index) => {
            const stars = String(index + 1);
            return (
              <label key={stars} className="relative cursor-pointer rounded-md p-1">
                <input
                  type="radio"
                  name="rating"
                  value={stars}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  onBlur={onBlur}
                  // Over the star, unseen: a touch or a screen reader's finger finds it there.
                  className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
                />
                <Icon name="star" className="size-9 sm:size-10" />
                <span className="sr-only">
                  {stars} {index === 0 ? "star" : "stars"}: {word}
                </span>
              </label>
            );
          })}
        </div>
        <p aria-hidden="true" className="star-input-words text-base font-semibold text-ink-soft">
          {STAR_WORDS.map((word, index) => (
            <span key={word} data-stars={index + 1}>
              {word}
            </span>
          ))}
        </p>
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

/** The form's rules (zod) load when the visitor first reaches for the form, not with the page. */
const useReviewValidator = lazyRules(() =>
  import("~/modules/reviews/leave-review.schema").then((module) => module.validateReview),
);
