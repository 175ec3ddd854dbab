import QRCode from "qrcode";
import { z } from "~/modules/platform/zod";
import { readReferralLink, referralQrFileName, referralQrHref } from "./referral-links";

/**
 * QR codes of an affiliate's referral links, for print and screens: drawn on the server
 * from a link read back as this affiliate's own (referral-links.ts), so nothing else is
 * ever encoded.
 */

/** A printed code stays sharp at 1024 px; four modules of quiet zone, as scanners expect. */
const PNG_WIDTH = 1024;
const QUIET_ZONE = 4;
/** Survives a little wear or a logo sticker on a flyer. */
const ERROR_CORRECTION = "M";

/** The link as SVG markup (one path, no text from the link), to inline in the page. */
export function referralQrSvg(link: string): Promise<string> {
  return QRCode.toString(link, {
    type: "svg",
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
  });
}

const formatSchema = z.enum(["png", "svg"]);

export type ReferralQrFile =
  | { ok: true; body: Uint8Array<ArrayBuffer> | string; contentType: string; fileName: string }
  | { ok: false; message: string };

/**
 * The QR code file asked for by `?format=png|svg&link=...`: the link must be one of the
 * affiliate's referral links to this site, and the file is named after their code and the
 * page.
 */
export async function referralQrFile(
  params: URLSearchParams,
  own: { origin: string; code: string },
): Promise<ReferralQrFile> {
  const format = formatSchema.safeParse(params.get("format"));
  if (!format.success) return { ok: false, message: "Choose the format png or svg." };
  const read = readReferralLink(params.get("link") ?? "", own);
  if (!read.ok) return read;
  const fileName = referralQrFileName(own.code, read.path, format.data);
  if (format.data === "svg") {
    return {
      ok: true,
      body: await referralQrSvg(read.link),
      contentType: "image/svg+xml; charset=utf-8",
      fileName,
    };
  }
  const png = await QRCode.toBuffer(read.link, {
    type: "png",
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    width: PNG_WIDTH,
  });
  return { ok: true, body: new Uint8Array(png), contentType: "image/png", fileName };
}

/** A link as the links page offers it: to copy, and as a QR code to see and download. */
export interface ShareableLink {
  link: string;
  /** The page it leads to, "/bathrooms". */
  path: string;
  qrSvg: string;
  pngHref: string;
  svgHref: string;
}

export async function shareableLink(link: string, path: string): Promise<ShareableLink> {
  return {
    link,
    path,
    qrSvg: await referralQrSvg(link),
    pngHref: referralQrHref(link, "png"),
    svgHref: referralQrHref(link, "svg"),
  };
}
