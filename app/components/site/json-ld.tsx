import { serializeJsonLd } from "~/modules/seo/json-ld";

/** Structured data for search engines (a data block: not a script, so CSP does not apply). */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
