import { Form } from "react-router";
import type { Route } from "./+types/links";
import { portalMeta, PortalPageHeader, PortalPanel } from "~/components/affiliate/portal-blocks";
import { CopyLinkField, QrCodeDownloads } from "~/components/affiliate/referral-link-card";
import { buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { requireAffiliate } from "~/modules/affiliates/affiliate-guard.server";
import { shareableLink, type ShareableLink } from "~/modules/affiliates/referral-qr.server";
import {
  mainReferralLink,
  readLinkBuilder,
  REFERRAL_PATH_MAX_LENGTH,
  SUGGESTED_PAGES,
  UTM_VALUE_MAX_LENGTH,
} from "~/modules/affiliates/referral-links";
import { runtimeContext } from "~/modules/platform/context";

export const meta: Route.MetaFunction = () => portalMeta("Links");

/**
 * The signed-in affiliate's main link and, once the builder (a GET form) was sent, the link
 * to the page and campaign they chose, each with its QR code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const { config } = context.get(runtimeContext);
  const own = { origin: config.publicUrl.origin, code: affiliate.code };
  const { values, outcome } = readLinkBuilder(new URL(request.url).searchParams, own);
  return {
    code: affiliate.code,
    main: await shareableLink(mainReferralLink(own.origin, own.code), "/"),
    suggestedPages: SUGGESTED_PAGES,
    limits: { path: REFERRAL_PATH_MAX_LENGTH, utm: UTM_VALUE_MAX_LENGTH },
    values,
    errors: outcome && !outcome.ok ? (outcome.errors as Partial<Record<string, string>>) : {},
    built: outcome?.ok ? await shareableLink(outcome.link, outcome.path) : null,
  };
}

const CAMPAIGN_FIELDS = [
  { name: "utm_source", label: "Source", example: "newsletter, instagram, flyer" },
  { name: "utm_medium", label: "Medium", example: "email, social, print" },
  { name: "utm_campaign", label: "Campaign", example: "spring-2027" },
  { name: "utm_content", label: "Content", example: "bio-link, footer" },
] as const;

export default function PortalLinksPage({ loaderData }: Route.ComponentProps) {
  const { code, main, suggestedPages, limits, values, errors, built } = loaderData;
  return (
    <>
      <PortalPageHeader title="Links">
        <p>
          Share these links: every visit through them counts as a click, and a consultation request
          from that browser in the next 90 days is credited to you.
        </p>
      </PortalPageHeader>

      <div className="flex flex-col gap-6">
        <PortalPanel title="Your main link">
          <p className="mb-4 text-sm">
            Your referral code is{" "}
            <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono font-semibold">
              {code}
            </code>
            . Any page of the site with <code className="font-mono">?aff={code}</code> at the end of
            its address credits you.
          </p>
          <LinkToShare link={main} />
        </PortalPanel>

        <PortalPanel
          title="Build a link"
          description="Send people straight to the page that suits them, and tag where you shared it to tell your clicks apart."
        >
          <Form
            method="get"
            preventScrollReset
            // Keyed by what the loader read, so going back shows that link's values.
            key={JSON.stringify(values)}
            className="grid gap-4 md:grid-cols-2"
          >
            <div>
              <label htmlFor="link-page" className="mb-1.5 block text-sm font-semibold text-ink">
                Page
              </label>
              <select
                id="link-page"
                name="page"
                defaultValue={values.page}
                aria-invalid={errors.page ? true : undefined}
                aria-describedby={errors.page ? "link-page-error" : undefined}
                className="block w-full appearance-auto rounded-lg border border-stone-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm hover:border-ink/40"
              >
                {suggestedPages.map((page) => (
                  <option key={page.path} value={page.path}>
                    {page.label} ({page.path})
                  </option>
                ))}
              </select>
              {errors.page && (
                <p id="link-page-error" className="mt-1.5 text-sm font-medium text-danger">
                  {errors.page}
                </p>
              )}
            </div>
            <TextField
              id="link-path"
              name="path"
              label="Or another page of the site"
              hint="Its path, starting with /, like /blog/walk-in-showers. Used instead of the page above."
              defaultValue={values.path}
              maxLength={limits.path}
              autoComplete="off"
              spellCheck={false}
              error={errors.path}
            />
            <fieldset className="md:col-span-2">
              <legend className="text-sm font-semibold text-ink">Campaign tags (optional)</legend>
              <p className="mb-3 mt-1 text-sm text-muted">
                Added to the link as utm_ fields when filled in, up to {limits.utm} characters each.
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                {CAMPAIGN_FIELDS.map((field) => (
                  <TextField
                    key={field.name}
                    id={`link-${field.name}`}
                    name={field.name}
                    label={`${field.label} (${field.name})`}
                    hint={`For example ${field.example}`}
                    defaultValue={values[field.name]}
                    maxLength={limits.utm}
                    autoComplete="off"
                    error={errors[field.name]}
                  />
                ))}
              </div>
            </fieldset>
            <div className="md:col-span-2">
              <button type="submit" className={buttonClasses("primary")}>
                <Icon name="sparkles" className="size-4" />
                Build the link
              </button>
            </div>
          </Form>
        </PortalPanel>

        {built && (
          <PortalPanel title="The link you built">
            <LinkToShare link={built} />
          </PortalPanel>
        )}
      </div>
    </>
  );
}

function LinkToShare({ link }: { link: ShareableLink }) {
  const label = link.path === "/" ? "Link to the home page" : `Link to ${link.path}`;
  return (
    <div className="flex flex-col gap-4">
      {/* Keyed by the link, so a new link starts without the last one's "Copied". */}
      <CopyLinkField key={link.link} label={label} link={link.link} />
      <QrCodeDownloads
        of={`the ${label.toLowerCase()}`}
        svg={link.qrSvg}
        pngHref={link.pngHref}
        svgHref={link.svgHref}
      />
    </div>
  );
}
