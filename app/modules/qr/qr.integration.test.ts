import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, auditEvents, leads, qrCodes, qrScans, users } from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { storeUploadedImage } from "~/modules/media/uploads.server";
import { qrAnalytics } from "./qr-analytics.server";
import { createQrCode, lookOf, setQrCodeEnabled, updateQrCode } from "./qr-codes.server";
import { decodeQrPng, qrPng, qrSvg } from "./qr-image.server";
import { qrShortUrl } from "./qr-links";
import { answerScan, QR_COOKIE } from "./qr-scans.server";
import { QR_MESSAGES, type QrValues } from "./qr.schema";

/** docs/REQUIREMENTS.md R15.3 and R15.4, on the real database. */

const database = testDatabaseForFile();
const db = () => database.db;
const actor: Actor = { id: "editor-qr", email: "editor@example.com", ip: "203.0.113.9" };
const publicUrl = new URL("https://www.lumen.test");
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

beforeAll(async () => {
  await db()
    .insert(users)
    .values({ id: actor.id, name: "Eden", email: actor.email, role: "editor" });
});

const values = (overrides: Partial<QrValues> = {}): QrValues => ({
  name: "Spring mailer",
  slug: undefined,
  target: "/bathrooms",
  utmSource: "mailer",
  utmMedium: "print",
  utmCampaign: "spring",
  utmContent: "",
  utmTerm: "",
  foreground: "#1f2a2e",
  background: "#ffffff",
  errorCorrection: "M",
  logoImageId: undefined,
  enabled: true,
  ...overrides,
});

const create = (overrides: Partial<QrValues> = {}) =>
  createQrCode(database, actor, values(overrides), publicUrl.origin);

const codeBySlug = async (slug: string) =>
  (await db().select().from(qrCodes).where(eq(qrCodes.slug, slug)))[0]!;

/** A scan request as a browser sends it; `cookie` is what the browser kept. */
const scan = (slug: string, { agent = PHONE, cookie = "", method = "GET", referer = "" } = {}) =>
  answerScan(
    database,
    new Request(`${publicUrl.origin}/q/${slug}`, {
      method,
      headers: { "user-agent": agent, cookie, ...(referer ? { referer } : {}) },
    }),
    slug,
    publicUrl,
  );

const cookieOf = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0]!;

describe("saving a code (R15.3)", () => {
  it("makes the slug from the name, audits, and records a QR-code generation", async () => {
    const outcome = await create();
    expect(outcome).toMatchObject({ ok: true, slug: "spring-mailer" });
    const code = await codeBySlug("spring-mailer");
    expect(code).toMatchObject({
      target: "/bathrooms",
      utm: { utm_source: "mailer", utm_medium: "print", utm_campaign: "spring" },
      errorCorrection: "M",
      createdBy: actor.id,
    });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "qr_code.create"));
    expect(audit).toMatchObject({ actorEmail: actor.email, target: `qr_code:${code.id}` });
    const events = await db()
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, "qr_code_generation"));
    expect(events).toHaveLength(1);
  });

  it("refuses a slug another code has", async () => {
    expect(await create({ name: "Other", slug: "spring-mailer" })).toEqual({
      ok: false,
      errors: { slug: QR_MESSAGES.slugTaken },
    });
    expect(await create({ name: "!!!" })).toEqual({
      ok: false,
      errors: { slug: QR_MESSAGES.slugFromName },
    });
  });

  it("draws a PNG and an SVG that read back as the short address", async () => {
    const code = await codeBySlug("spring-mailer");
    const look = await lookOf(db(), code);
    const text = qrShortUrl(publicUrl.origin, code.slug);
    const png = await qrPng(text, look);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ width: 2048, height: 2048, density: 300 });
    expect(await decodeQrPng(png)).toBe("https://www.lumen.test/q/spring-mailer");
    const svg = await qrSvg(text, look);
    expect(await decodeQrPng(await sharp(Buffer.from(svg)).resize(1024).png().toBuffer())).toBe(
      text,
    );
  });

  it("with a logo forces level H, keeps the code readable, and embeds the logo in the SVG", async () => {
    const logo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: "#b88a46" },
    })
      .png()
      .toBuffer();
    const stored = await storeUploadedImage(
      database,
      actor,
      new File([new Uint8Array(logo)], "logo.png", { type: "image/png" }),
    );
    expect(stored.ok).toBe(true);
    const logoImageId = stored.ok ? stored.imageId : "";
    const outcome = await create({ name: "Show booth", errorCorrection: "L", logoImageId });
    expect(outcome).toMatchObject({ ok: true, slug: "show-booth" });
    const code = await codeBySlug("show-booth");
    expect(code.errorCorrection).toBe("H");
    const look = await lookOf(db(), code);
    expect(look.logo).toBeTruthy();
    const text = qrShortUrl(publicUrl.origin, code.slug);
    const png = await qrPng(text, look);
    expect(await decodeQrPng(png)).toBe(text);
    const svg = await qrSvg(text, look);
    expect(svg).toContain('href="data:image/png;base64,');
    expect(await decodeQrPng(await sharp(Buffer.from(svg)).resize(1024).png().toBuffer())).toBe(
      text,
    );
  });

  it("refuses an image that is not in the media library", async () => {
    expect(
      await create({ name: "Ghost", logoImageId: "00000000-0000-4000-8000-000000000000" }),
    ).toEqual({ ok: false, errors: { logoImageId: QR_MESSAGES.logoUnknown } });
  });
});

describe("scanning (R15.3)", () => {
  it("redirects with the UTM parameters and qr, counting total and unique by the cookie", async () => {
    const first = await scan("spring-mailer", { referer: "https://news.example.org/story" });
    expect(first).toEqual({
      kind: "redirect",
      location:
        "/bathrooms?utm_source=mailer&utm_medium=print&utm_campaign=spring&qr=spring-mailer",
      setCookie: expect.stringContaining(`${QR_COOKIE}=`),
    });
    const setCookie = first.kind === "redirect" ? first.setCookie! : "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=31536000/);

    const again = await scan("Spring-Mailer/", { cookie: cookieOf(setCookie), agent: DESKTOP });
    expect(again).toMatchObject({ kind: "redirect" });
    expect(again.kind === "redirect" && again.setCookie).toBeUndefined();

    const code = await codeBySlug("spring-mailer");
    expect(code).toMatchObject({ scanCount: 2, uniqueScanCount: 1 });
    const scans = await db().select().from(qrScans).where(eq(qrScans.qrCodeId, code.id));
    expect(scans.map((row) => [row.device, row.isUnique, row.referrerHost]).sort()).toEqual([
      ["desktop", false, null],
      ["mobile", true, "news.example.org"],
    ]);
  });

  it("sends bots and HEAD requests on without counting them", async () => {
    for (const agent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "", "curl/8.0"]) {
      expect(await scan("spring-mailer", { agent })).toMatchObject({ kind: "redirect" });
    }
    expect(await scan("spring-mailer", { method: "HEAD" })).toMatchObject({ kind: "redirect" });
    expect(await codeBySlug("spring-mailer")).toMatchObject({ scanCount: 2, uniqueScanCount: 1 });
  });

  it("knows no slug it has not got, and says so for a code switched off", async () => {
    for (const slug of ["nothing-here", "a\u0000b", "%E0%A4%A", "x".repeat(5000), "", "../admin"]) {
      expect(await scan(slug), slug).toEqual({ kind: "unknown" });
    }
    const code = await codeBySlug("show-booth");
    await setQrCodeEnabled(database, actor, code.id, false);
    expect(await scan("show-booth")).toEqual({ kind: "disabled", name: "Show booth" });
    expect((await codeBySlug("show-booth")).scanCount).toBe(0);
  });

  it("sends an outside target on without qr", async () => {
    const code = await codeBySlug("show-booth");
    await updateQrCode(
      database,
      actor,
      code.id,
      values({ name: "Show booth", slug: "show-booth", target: "https://example.com/expo" }),
      publicUrl.origin,
    );
    expect(await scan("show-booth")).toMatchObject({
      kind: "redirect",
      location: "https://example.com/expo?utm_source=mailer&utm_medium=print&utm_campaign=spring",
    });
  });
});

describe("QR analytics (R15.4)", () => {
  it("counts scans per day and device, and the leads and won jobs carrying the code's slug", async () => {
    const lead = (
      tracking: Record<string, string>,
      extra: Partial<typeof leads.$inferInsert> = {},
    ) =>
      db()
        .insert(leads)
        .values({
          firstName: "Pat",
          lastName: "Lee",
          email: `pat.${Math.random()}@example.com`,
          phone: "+16175550142",
          service: "Bathroom Remodeling",
          source: "Other",
          agreeToContact: true,
          agreeToAllPresent: true,
          tracking,
          channel: "form",
          ...extra,
        });
    const touch = (qr: string) => ({
      at: new Date().toISOString(),
      landingPath: "/",
      params: { qr },
    });
    await lead({ qr: "spring-mailer" });
    await lead({}, { firstTouch: touch("spring-mailer"), status: "won", jobValueCents: 2_500_000 });
    await lead({}, { lastTouch: touch("spring-mailer") });
    await lead({ qr: "someone-else" });

    const figures = await qrAnalytics(db(), 30);
    const spring = figures.find((code) => code.slug === "spring-mailer")!;
    expect(spring).toMatchObject({
      scans: 2,
      uniqueScans: 1,
      leads: 3,
      wonJobs: 1,
      wonValueCents: 2_500_000,
    });
    expect(spring.daily).toHaveLength(30);
    expect(spring.daily.at(-1)).toMatchObject({ scans: 2, unique: 1 });
    expect(spring.devices).toEqual(
      expect.arrayContaining([
        { device: "mobile", scans: 1 },
        { device: "desktop", scans: 1 },
      ]),
    );
    expect((await qrAnalytics(db(), 90))[0]!.daily).toHaveLength(90);
  });
});
