import { useState } from "react";
import { HoneypotField } from "~/components/ui/form-field";
import { currentAffiliateCode } from "~/modules/affiliates/affiliate.client";
import { storedTrackingParams } from "~/modules/attribution/tracking.client";
import {
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  TRACKING_FIELD_PREFIX,
} from "~/modules/public-forms/public-form-fields";

/**
 * The frame the public forms share (the consultation request, the review, the giveaway
 * entry): the hidden fields the server's guards read
 * (app/modules/public-forms/public-submission.server.ts), the summary of problems, the
 * whole form's error, the attribution sent along, and rules that load on first use
 * (docs/decisions/007).
 */

/**
 * The honeypot, the fill-time token and, when given, the page the form was sent from. The
 * consultation form on a shared page has no token of its own: the browser's cookie holds
 * it (docs/decisions/015-page-cache.md), until the server sends the form back with one.
 */
export function PublicFormHiddenFields({
  formToken,
  pagePath,
}: {
  formToken: string | undefined;
  pagePath?: string;
}) {
  return (
    <>
      <HoneypotField name={HONEYPOT_FIELD} />
      {formToken && <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />}
      {pagePath !== undefined && <input type="hidden" name="pagePath" value={pagePath} />}
    </>
  );
}

/** The problems of a submission, each a link to its field. */
export function ErrorSummary<Field extends string>({
  title,
  fields,
  fieldId,
  errorFor,
}: {
  title: string;
  /** The fields with a message, in the form's order. */
  fields: readonly Field[];
  fieldId: (field: Field) => string;
  errorFor: (field: Field) => string | undefined;
}) {
  return (
    <div role="alert" className="rounded-lg border border-danger/30 bg-danger/5 p-4 text-sm">
      <p className="font-semibold text-danger">{title}</p>
      {/* Lines tall enough for each link to be a target a finger can tap. */}
      <ul className="mt-2 list-disc pl-5 leading-7 text-ink-soft">
        {fields.map((field) => (
          <li key={field}>
            <a href={`#${fieldId(field)}`} className="underline">
              {errorFor(field)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A problem with the whole submission; focused when the server answers with it. */
export function FormError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      tabIndex={-1}
      data-form-error
      className="rounded-lg border border-danger/30 bg-danger/5 p-4 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}

/** The form's data with the attribution the browser kept: tracking parameters, referral code. */
export function withBrowserAttribution(data: FormData): FormData {
  for (const [key, value] of Object.entries(storedTrackingParams())) {
    data.set(`${TRACKING_FIELD_PREFIX}${key}`, value);
  }
  const affiliate = currentAffiliateCode();
  if (affiliate) data.set("affiliate_code", affiliate);
  return data;
}

/**
 * A hook for a form's rules (zod and the messages) that load when the visitor first
 * reaches for the form, not with the page: most visitors never fill it in. `load` is the
 * form's own dynamic import, so the rules stay a chunk of their own.
 */
export function lazyRules<Validate>(
  load: () => Promise<Validate>,
): () => { validate: Validate | undefined; load: () => void } {
  let loading: Promise<Validate> | undefined;
  return function useLazyRules() {
    const [validate, setValidate] = useState<Validate>();
    return {
      validate,
      load: () => {
        loading ??= load();
        void loading.then((loaded) => setValidate(() => loaded));
      },
    };
  };
}
