import type { Route } from "./+types/leads";
import { ConsultationForm } from "~/components/site/consultation-form";
import type { SiteRouteHandle } from "~/components/site/route-handle";
import { useCompany } from "~/components/site/use-site";
import { Container } from "~/components/ui/container";
import { pageMeta } from "~/modules/seo/meta";
import {
  answerForm,
  answerJson,
  isFormRequest,
  isJsonRequest,
  leadRequestFromForm,
  leadRequestFromJson,
  submit,
} from "./leads.server";

/**
 * POST /api/leads: the consultation request. Form posts are answered with a redirect to
 * /thank-you or this page with the form and its messages (so it works without
 * JavaScript); JSON posts with 201 and the lead id, or the problem as JSON.
 */

/** The page is the form itself; a second one below it would only confuse. */
export const handle: SiteRouteHandle = { hideContactSection: true, quoteTarget: "#request" };

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST") return next();
    // A body we cannot read as a form or JSON would be kept as an empty entry; say so instead.
    if (!isJsonRequest(request) && !isFormRequest(request)) {
      return Response.json(
        { error: UNSUPPORTED_CONTENT_TYPE },
        { status: 415, headers: { "Cache-Control": "no-store", Accept: ACCEPTED_TYPES } },
      );
    }
    if (!isJsonRequest(request)) return next();
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return Response.json({ error: "The body is not valid JSON." }, { status: 400 });
    }
    const leadRequest = leadRequestFromJson(body, request, context);
    return answerJson(await submit(leadRequest, context), context);
  },
];

const ACCEPTED_TYPES = "application/json, application/x-www-form-urlencoded, multipart/form-data";
const UNSUPPORTED_CONTENT_TYPE = `Send the request as ${ACCEPTED_TYPES}.`;

/** A refused form post says when to try again, as the JSON answer does. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const merged = new Headers(loaderHeaders);
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Request a Consultation",
    description:
      "Request a free in-home bathroom design consultation. A design consultant calls you back to arrange a time that suits you.",
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData(); // Not a form: answered like an empty one.
  }
  const leadRequest = leadRequestFromForm(form, request, context);
  return answerForm(leadRequest, await submit(leadRequest, context), context);
}

export default function RequestConsultation({ actionData }: Route.ComponentProps) {
  const company = useCompany();
  return (
    <section id="request" aria-labelledby="request-heading" className="bg-stone-100 py-12 sm:py-16">
      <Container className="grid max-w-4xl gap-8">
        <div className="flex flex-col gap-3">
          <h1 id="request-heading" className="text-4xl sm:text-5xl">
            Your Free Design Consultation
          </h1>
          <p className="max-w-prose text-lg text-ink-soft">
            Tell us about your bathroom and a design consultant will call you back to arrange a free
            consultation at your home or in our {company.addressLocality} showroom.
          </p>
        </div>
        <ConsultationForm
          company={company}
          idPrefix="request"
          headingLevel={2}
          result={actionData}
        />
      </Container>
    </section>
  );
}
