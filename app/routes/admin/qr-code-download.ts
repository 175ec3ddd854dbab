import type { Route } from "./+types/qr-code-download";
import { runtimeContext } from "~/modules/platform/context";
import { integerIdOf } from "~/modules/platform/ids";
import { getQrCode, lookOf } from "~/modules/qr/qr-codes.server";
import { qrPng, qrSvg } from "~/modules/qr/qr-image.server";
import { qrShortUrl } from "~/modules/qr/qr-links";

/**
 * A tracked code's file (docs/REQUIREMENTS.md R15.3): `?format=png` for print (2048 px,
 * 300 dpi) or `?format=svg`, both with the logo, named after the slug.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const format = new URL(request.url).searchParams.get("format");
  const id = integerIdOf(params.qrCodeId);
  const code = id ? await getQrCode(db, id) : undefined;
  if (!code) throw new Response("That QR code no longer exists.\n", { status: 404 });
  if (format !== "png" && format !== "svg") {
    return new Response("Choose the format png or svg.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const text = qrShortUrl(config.publicUrl.origin, code.slug);
  const look = await lookOf(db, code);
  const body = format === "png" ? new Uint8Array(await qrPng(text, look)) : await qrSvg(text, look);
  return new Response(body, {
    headers: {
      "Content-Type": format === "png" ? "image/png" : "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="qr-${code.slug}.${format}"`,
      "X-Content-Type-Options": "nosniff",
      // An SVG opened on its own runs nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    },
  });
}
