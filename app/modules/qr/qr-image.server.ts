import { loadSharp } from "~/modules/media/sharp.server";
import { and, desc, eq, lte } from "drizzle-orm";
import jsQR from "jsqr";
import QRCode from "qrcode";
import type { Database } from "~/db/client.server";
import { imageVariants, type QrErrorCorrectionLevel } from "~/db/schema";

/**
 * The images of a tracked QR code (docs/REQUIREMENTS.md R15.3): a PNG for print, an SVG,
 * both with the optional centre logo, and the check that a code reads back as its
 * address before it is saved.
 */

/** Sharp on a poster at 300 dpi: about 17 cm across. */
export const QR_PRINT_WIDTH = 2048;
export const QR_PRINT_DPI = 300;
/** Four modules of quiet zone, as scanners expect. */
const QUIET_ZONE = 4;
/**
 * The logo's plate covers at most this share of the width: with level H about 30% of the
 * modules may be lost, and a centred plate of 20% of the width hides well under that.
 */
export const LOGO_WIDTH_SHARE = 0.2;
/** Space between the plate's edge and the logo, as a share of the plate. */
const LOGO_PADDING_SHARE = 0.1;
/** Decoding a smaller copy is quicker and as telling: modules stay several pixels wide. */
const CHECK_WIDTH = 768;

export interface QrLook {
  foreground: string;
  background: string;
  errorCorrection: QrErrorCorrectionLevel;
  /** The centre logo's image as PNG, WebP or AVIF bytes. */
  logo?: Buffer | null;
}

/** A logo needs the most error correction. */
export const levelFor = (look: QrLook): QrErrorCorrectionLevel =>
  look.logo ? "H" : look.errorCorrection;

const qrOptions = (look: QrLook) => ({
  errorCorrectionLevel: levelFor(look),
  margin: QUIET_ZONE,
  color: { dark: `${look.foreground}ff`, light: `${look.background}ff` },
});

/** The logo on a plate of the background colour, `size` pixels square, as PNG. */
async function logoPlate(logo: Buffer, size: number, background: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const inner = Math.max(1, Math.round(size * (1 - 2 * LOGO_PADDING_SHARE)));
  const fitted = await sharp(logo)
    .resize(inner, inner, { fit: "contain", background })
    .flatten({ background })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: fitted, gravity: "centre" }])
    .png()
    .toBuffer();
}

/** The code as a PNG `width` pixels wide (300 dpi recorded in the file). */
export async function qrPng(text: string, look: QrLook, width = QR_PRINT_WIDTH): Promise<Buffer> {
  const base = await QRCode.toBuffer(text, { ...qrOptions(look), type: "png", width });
  const image = (await loadSharp())(base);
  if (look.logo) {
    const { width: actual = width } = await image.metadata();
    const plate = await logoPlate(
      look.logo,
      Math.floor(actual * LOGO_WIDTH_SHARE),
      look.background,
    );
    image.composite([{ input: plate, gravity: "centre" }]);
  }
  return image.withDensity(QR_PRINT_DPI).png({ compressionLevel: 9 }).toBuffer();
}

/** The code as SVG markup; the logo is embedded as a PNG data address. */
export async function qrSvg(text: string, look: QrLook): Promise<string> {
  const svg = await QRCode.toString(text, { ...qrOptions(look), type: "svg" });
  if (!look.logo) return svg;
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1] ?? 0);
  if (!size) return svg;
  const plateSize = size * LOGO_WIDTH_SHARE;
  const at = (size - plateSize) / 2;
  // Drawn at 512 px: crisp in print at the plate's size.
  const plate = await logoPlate(look.logo, 512, look.background);
  const image = `<image x="${at}" y="${at}" width="${plateSize}" height="${plateSize}" href="data:image/png;base64,${plate.toString("base64")}"/>`;
  return svg.replace(/<\/svg>\s*$/, `${image}</svg>\n`);
}

/** What a PNG of a QR code reads as, or null when no code is found. */
export async function decodeQrPng(png: Buffer): Promise<string | null> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(png)
    .resize({ width: CHECK_WIDTH, withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  // Only dark modules on light, as the screen's colour rule asks (R15.3).
  const found = jsQR(pixels, info.width, info.height, { inversionAttempts: "dontInvert" });
  return found?.data ?? null;
}

/** Whether the code drawn with this look reads back as `text`. */
export async function qrReadsBack(text: string, look: QrLook): Promise<boolean> {
  return (await decodeQrPng(await qrPng(text, look, CHECK_WIDTH))) === text;
}

/**
 * A media-library image's bytes for a logo: its largest WebP variant of at most 1024 px
 * (or its smallest when all are larger).
 */
export async function logoBytes(db: Database, imageId: string): Promise<Buffer | null> {
  const webp = and(eq(imageVariants.imageId, imageId), eq(imageVariants.format, "webp"));
  const [fitting] = await db
    .select({ data: imageVariants.data })
    .from(imageVariants)
    .where(and(webp, lte(imageVariants.width, 1024)))
    .orderBy(desc(imageVariants.width))
    .limit(1);
  if (fitting) return fitting.data;
  const [any] = await db
    .select({ data: imageVariants.data })
    .from(imageVariants)
    .where(webp)
    .orderBy(imageVariants.width)
    .limit(1);
  return any?.data ?? null;
}
