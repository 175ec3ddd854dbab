import type { QrUtm } from "~/db/schema/marketing";

/**
 * The addresses of a tracked QR code (docs/REQUIREMENTS.md R15.3), client-safe: the short
 * address the code encodes and the target a scan is sent to.
 */

/** Where scans arrive: /q/{slug}. */
export const QR_PATH_PREFIX = "/q/";

/** The query parameter naming the code on a target of this site; leads keep it. */
export const QR_TRACKING_PARAM = "qr";

export const UTM_KEYS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
] as const satisfies readonly (keyof QrUtm)[];

/** The absolute short address a code encodes: the public address and /q/{slug}. */
export function qrShortUrl(publicOrigin: string, slug: string): string {
  return new URL(`${QR_PATH_PREFIX}${slug}`, publicOrigin).href;
}

/** A path of this site ("/bathrooms?x=1"), as opposed to an https address. */
export const isSiteTarget = (target: string): boolean =>
  target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\");

/**
 * Where a scan goes: the target with the code's UTM parameters set (they replace any of
 * the same name in the target) and, on this site, `qr={slug}`. A path stays a path.
 */
export function qrTargetUrl(
  code: { slug: string; target: string; utm: QrUtm },
  publicOrigin: string,
): string {
  const site = isSiteTarget(code.target);
  const url = new URL(code.target, publicOrigin);
  for (const key of UTM_KEYS) {
    const value = code.utm[key];
    if (value) url.searchParams.set(key, value);
  }
  if (site) url.searchParams.set(QR_TRACKING_PARAM, code.slug);
  return site ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** Colours as #rrggbb. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The relative luminance of a #rrggbb colour (WCAG 2). */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Below this ratio phone cameras misread modules in poor light. */
export const MIN_QR_CONTRAST = 3;

export type ColourProblem = "inverted" | "lowContrast";

/**
 * Why a pair of colours would not scan: many phone scanners only read dark modules on a
 * light background, and all of them need a clear difference between the two.
 */
export function colourProblem(foreground: string, background: string): ColourProblem | null {
  if (luminance(foreground) >= luminance(background)) return "inverted";
  if (contrastRatio(foreground, background) < MIN_QR_CONTRAST) return "lowContrast";
  return null;
}
