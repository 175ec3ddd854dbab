import { and, count, isNull } from "drizzle-orm";
import { insertAffiliate } from "~/modules/affiliates/affiliate-records.server";
import { seedDemoBlog } from "./demo-blog";
import { seedDemoGiveaway } from "./demo-giveaway";
import { DEMO_REVIEWS } from "./demo-reviews";
import { DEFAULT_VISUALIZER_CATALOGUE } from "~/modules/visualizer/default-catalogue";
import {
  companySettings,
  qrCodes,
  redirects,
  reviews,
  visualizerOptions,
  type CompanySettings,
} from "./schema";
import type { Database } from "./client.server";

/** The company's own details; the programme's terms keep their column defaults. */
type CompanyProfile = Omit<
  CompanySettings,
  "id" | "createdAt" | "updatedAt" | `commission${string}` | "minimumPayoutCents"
>;

/**
 * The fictional demo company. Every value is editable in the admin settings; the
 * addresses use reserved example domains and a 555-01xx phone number on purpose.
 */
export const DEMO_COMPANY: CompanyProfile = {
  name: "Lumen Bath & Remodel",
  phone: "(617) 555-0142",
  email: "hello@lumenbath.example",
  streetAddress: "1200 Hancock Street, Suite 100",
  addressLocality: "Quincy",
  addressRegion: "MA",
  postalCode: "02169",
  addressCountry: "US",
  latitude: 42.2519,
  longitude: -71.0023,
  openingHours: [
    {
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "20:00",
    },
    { days: ["Saturday"], opens: "10:00", closes: "18:00" },
    { days: ["Sunday"], opens: "12:00", closes: "17:00" },
  ],
  financingUrl: "https://financing.example.com/apply?dealer=lumen-bath",
  paymentsUrl: "https://pay.example.com/lumen-bath",
  reviewUrl: "https://maps.example.com/lumen-bath/review",
  facebookUrl: "https://facebook.example.com/lumenbath",
  instagramUrl: "https://instagram.example.com/lumenbath",
  ratingValue: 4.9,
  ratingCount: 1250,
  projectsCount: 32000,
  foundedYear: 1997,
  priceRange: "$$",
  // Boston, the centre of the service area.
  serviceAreaLatitude: 42.3601,
  serviceAreaLongitude: -71.0589,
  serviceRadiusMeters: 300000,
  referralByName: "Dana Whitfield",
  notificationEmails: ["leads@lumenbath.example"],
  botProtection: false,
  analyticsRetentionMonths: 13,
  requireStaffTwoFactor: false,
};

/** The demo company's rating and projects count: demo content, like its reviews. */
const DEMO_CLAIMS = {
  ratingValue: DEMO_COMPANY.ratingValue,
  ratingCount: DEMO_COMPANY.ratingCount,
  projectsCount: DEMO_COMPANY.projectsCount,
};

/**
 * Inserts a company profile when there is none (the demo company's details, for staff to
 * replace), without the demo's rating and projects count: a new company makes no such claim
 * until staff set it or the demo content is added. Returns true if it did.
 */
export async function ensureCompanySettings(db: Database): Promise<boolean> {
  const inserted = await db
    .insert(companySettings)
    .values({ id: 1, ...DEMO_COMPANY, ratingValue: null, ratingCount: null, projectsCount: null })
    .onConflictDoNothing()
    .returning({ id: companySettings.id });
  return inserted.length > 0;
}

/**
 * Writes the visualizer's starting catalogue (docs/REQUIREMENTS.md R15.5) when there is
 * none: every installation, demo or not, starts with a working /visualizer. Staff then edit
 * it on /admin/visualizer. Returns true if it did.
 */
export async function ensureVisualizerCatalogue(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(visualizerOptions);
  if (Number(existing?.n ?? 0) > 0) return false;
  await db
    .insert(visualizerOptions)
    .values(
      DEFAULT_VISUALIZER_CATALOGUE.map((option, index) => ({ ...option, sortOrder: index * 10 })),
    )
    .onConflictDoNothing();
  return true;
}

/**
 * Demo content for a fresh install: applied automatically to a new embedded database
 * and on demand with `npm run db:seed`. Safe to run twice.
 */
export async function seedDemoContent(db: Database): Promise<void> {
  await ensureCompanySettings(db);
  // The demo company's claims, where staff have set none of their own.
  await db
    .update(companySettings)
    .set({ ratingValue: DEMO_CLAIMS.ratingValue, ratingCount: DEMO_CLAIMS.ratingCount })
    .where(and(isNull(companySettings.ratingValue), isNull(companySettings.ratingCount)));
  await db
    .update(companySettings)
    .set({ projectsCount: DEMO_CLAIMS.projectsCount })
    .where(isNull(companySettings.projectsCount));
  await ensureVisualizerCatalogue(db);
  const [existing] = await db.select({ n: count() }).from(reviews);
  if (Number(existing?.n ?? 0) === 0) await db.insert(reviews).values(DEMO_REVIEWS);
  for (const affiliate of DEMO_AFFILIATES) {
    // Approved, without a password: an admin invites them to choose one.
    await insertAffiliate(db, { ...affiliate, status: "approved" });
  }
  await seedDemoBlog(db);
  await db.insert(redirects).values(DEMO_REDIRECTS).onConflictDoNothing();
  await db.insert(qrCodes).values(DEMO_QR_CODE).onConflictDoNothing();
  await seedDemoGiveaway(db);
}

/** A tracked QR code as a showroom flyer would carry it (docs/REQUIREMENTS.md R15.3). */
const DEMO_QR_CODE = {
  name: "Showroom flyer (demo)",
  slug: "showroom-flyer",
  target: "/bathrooms",
  utm: { utm_source: "flyer", utm_medium: "print", utm_campaign: "showroom" },
};

/**
 * Addresses of the company's old site that a migration would carry over (stored as the
 * redirect rules keep them: lower case, no trailing slash). `npm run bench` measures one.
 */
const DEMO_REDIRECTS = [
  { fromPath: "/bathroom-remodeling", toPath: "/bathrooms", type: 301 as const },
  { fromPath: "/commercial", toPath: "/commercial-jobs", type: 301 as const },
];

/** Fictional referral partners, so referral links work in the demo (?aff=harbor-design). */
const DEMO_AFFILIATES = [
  {
    code: "harbor-design",
    name: "Harbor Interior Design (demo)",
    email: "studio@harbordesign.example",
  },
  {
    code: "northshore-realty",
    name: "North Shore Realty (demo)",
    email: "team@northshorerealty.example",
  },
];
