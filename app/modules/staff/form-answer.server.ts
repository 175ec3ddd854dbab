import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { StaffFormAnswer } from "~/components/admin/staff-form";

/**
 * The server's half of a staff form (see `useStaffForm`): the posted form read with the
 * same zod schema the browser used. `formId` says which form on the page was sent.
 */
export async function readStaffForm<Schema extends z.ZodType>(request: Request, schema: Schema) {
  const formData = await request.formData();
  const formId = formData.get("formId");
  return {
    formId: typeof formId === "string" ? formId.slice(0, 100) : "",
    submission: parseWithZod(formData, { schema }) as Submission<z.output<Schema>>,
  };
}

/**
 * The answer that shows a form again with its errors and what was typed: the schema's
 * own errors, or those of the module function that did the work.
 */
export function formAnswer(
  formId: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's submission
  submission: Submission<any>,
  refused: {
    fieldErrors?: Record<string, string>;
    formError?: string;
    status?: number;
    /** Fields never sent back to the page (passwords, codes). */
    hideFields?: string[];
  } = {},
) {
  const fieldErrors = Object.fromEntries(
    Object.entries(refused.fieldErrors ?? {}).map(([field, message]) => [field, [message]]),
  );
  const result = submission.reply({
    fieldErrors,
    formErrors: refused.formError ? [refused.formError] : undefined,
    hideFields: refused.hideFields,
  });
  return data({ form: formId, result } satisfies StaffFormAnswer, {
    status: refused.status ?? 422,
  });
}

/**
 * A module function's refusal as `formAnswer` takes it: the error named "form" is about
 * the whole form, the others are beside their fields.
 */
export function refusalOf(errors: Record<string, string>) {
  const { form: formError, ...fieldErrors } = errors;
  return { formError, fieldErrors };
}
