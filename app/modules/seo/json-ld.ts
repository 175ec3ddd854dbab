import type { CompanySettings } from "~/db/schema/settings";

type JsonLd = Record<string, unknown>;

/** The business as search engines read it (schema.org HomeAndConstructionBusiness). */
export function businessJsonLd(company: CompanySettings, origin: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${origin}/#business`,
    name: company.name,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    image: `${origin}/og/default.png`,
    telephone: company.phone,
    email: company.email,
    foundingDate: String(company.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: company.streetAddress,
      addressLocality: company.addressLocality,
      addressRegion: company.addressRegion,
      postalCode: company.postalCode,
      addressCountry: company.addressCountry,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: company.latitude,
      longitude: company.longitude,
    },
    openingHoursSpecification: company.openingHours.map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: entry.days,
      opens: entry.opens,
      closes: entry.closes,
    })),
    ...aggregateRating(company),
    areaServed: {
      "@type": "GeoCircle",
      geoMidpoint: {
        "@type": "GeoCoordinates",
        latitude: company.serviceAreaLatitude,
        longitude: company.serviceAreaLongitude,
      },
      geoRadius: company.serviceRadiusMeters,
    },
    priceRange: company.priceRange,
    sameAs: [company.facebookUrl, company.instagramUrl],
  };
}

/**
 * The business's average rating on the 1 to 5 scale the site shows, as the `aggregateRating`
 * key; nothing while staff have not set it (a new company makes no rating claim).
 */
function aggregateRating(company: Pick<CompanySettings, "ratingValue" | "ratingCount">) {
  if (company.ratingValue === null || company.ratingCount === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: company.ratingValue,
      reviewCount: company.ratingCount,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

/** FAQPage for a list of questions shown on the page. */
export function faqJsonLd(items: Array<{ question: string; answer: string }>): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The business's rating and the reviews shown on the page. */
export function reviewsJsonLd(
  company: Pick<CompanySettings, "name" | "ratingValue" | "ratingCount">,
  origin: string,
  reviews: Array<{ name: string; rating: number; text: string; reviewedOn: string }>,
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${origin}/#business`,
    name: company.name,
    ...aggregateRating(company),
    review: reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.name },
      datePublished: review.reviewedOn,
      reviewBody: review.text,
      reviewRating: {
        "@type": "Rating",
        ratingValue: review.rating,
        bestRating: 5,
        worstRating: 1,
      },
    })),
  };
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" in values. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
