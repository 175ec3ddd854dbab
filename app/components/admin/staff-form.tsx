import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/form-field";

/**
 * The one way a staff screen builds a form (see "How to add a staff screen" in
 * docs/ARCHITECTURE.md): a zod schema shared with the action, validated in the browser as
 * the member types and again on the server; the server's answer (`formAnswer`) puts its
 * errors beside the fields and keeps what was typed, with or without JavaScript.
 */

/** What an action answers for one form: which form, and Conform's result for it. */
export interface StaffFormAnswer {
  form: string;
  result: SubmissionResult<string[]>;
}

/** The answer for the form `formId`, if the last action was about it. */
export function resultFor(actionData: unknown, formId: string) {
  if (!actionData || typeof actionData !== "object") return undefined;
  const answer = actionData as Partial<StaffFormAnswer>;
  return answer.form === formId ? answer.result : undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod object schema
type AnySchema = z.ZodType<Record<string, any>>;

/** Conform's form for a staff screen, checked with `schema` before it is sent. */
export function useStaffForm<Schema extends AnySchema>(
  schema: Schema,
  {
    id,
    actionData,
    defaultValue,
  }: {
    id: string;
    actionData: unknown;
    defaultValue?: Record<string, unknown>;
  },
) {
  return useForm<z.output<Schema>, z.output<Schema>>({
    id,
    lastResult: resultFor(actionData, id),
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    // Checked when sent, then again as the member corrects: a message appearing on blur
    // would move the submit button away from a click already under way.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** Is this form being sent right now (optionally: with this intent)? */
export function useFormBusy(formId: string, intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || !navigation.formData) return false;
  if (navigation.formData.get("formId") !== formId) return false;
  return intent === undefined || navigation.formData.get("intent") === intent;
}

/**
 * A posted form with its id (so the answer finds it again), its form-level error and
 * an optional fixed intent.
 */
export function StaffForm({
  form,
  intent,
  children,
  className,
  encType,
  "aria-label": ariaLabel,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
  form: FormMetadata<any, string[]>;
  intent?: string;
  children: React.ReactNode;
  className?: string;
  /** "multipart/form-data" for a form with a file field (an image upload). */
  encType?: "multipart/form-data";
  "aria-label"?: string;
}) {
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      encType={encType}
      className={className}
      aria-label={ariaLabel}
    >
      <input type="hidden" name="formId" value={form.id} />
      {intent && <input type="hidden" name="intent" value={intent} />}
      {form.errors?.[0] && (
        <p
          id={form.errorId}
          role="alert"
          className="mb-4 rounded-lg bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
        >
          {form.errors[0]}
        </p>
      )}
      {children}
    </Form>
  );
}

/** The submit button of a staff form: disabled and relabelled while it is sent. */
export function SubmitButton({
  formId,
  intent,
  pendingLabel,
  variant = "primary",
  size,
  children,
}: {
  formId: string;
  intent?: string;
  pendingLabel?: string;
  variant?: "primary" | "secondary" | "ghost";
  size?: "md" | "lg";
  children: React.ReactNode;
}) {
  const busy = useFormBusy(formId, intent);
  return (
    <Button
      type="submit"
      variant={variant}
      size={size}
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={busy}
    >
      {busy && pendingLabel ? pendingLabel : children}
    </Button>
  );
}

export { FieldError };
