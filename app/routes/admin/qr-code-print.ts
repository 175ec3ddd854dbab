import type { Route } from "./+types/qr-code-print";
import { runtimeContext } from "~/modules/platform/context";
import { integerIdOf } from "~/modules/platform/ids";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { getQrCode, lookOf } from "~/modules/qr/qr-codes.server";
import { qrSvg } from "~/modules/qr/qr-image.server";
import { qrShortUrl } from "~/modules/qr/qr-links";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/**
 * A tracked code's print sheet (docs/REQUIREMENTS.md R15.3): one page with the code large,
 * its name and its short address, laid out for paper. A page of its own, without the
 * staff area's frame, so that what prints is only the sheet.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const id = integerIdOf(params.qrCodeId);
  const code = id ? await getQrCode(db, id) : undefined;
  if (!code) throw new Response("That QR code no longer exists.\n", { status: 404 });
  const shortUrl = qrShortUrl(config.publicUrl.origin, code.slug);
  const [svg, company] = await Promise.all([
    qrSvg(shortUrl, await lookOf(db, code)),
    getCompanySettings(db),
  ]);
  const name = escapeHtml(code.name);
  const html = `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${name} | QR code print sheet</title>
<style>
  @page { size: auto; margin: 15mm; }
  body { margin: 0; font-family: Helvetica, Arial, sans-serif; color: #1f2a2e; background: #fff; }
  main { max-width: 180mm; margin: 0 auto; padding: 24px; text-align: center; }
  h1 { font-size: 28px; margin: 0 0 16px; }
  .code svg { width: 100%; max-width: 150mm; height: auto; display: block; margin: 0 auto; }
  .address { font-size: 20px; margin: 16px 0 4px; word-break: break-all; }
  .company { font-size: 14px; color: #5b6569; margin: 0; }
  .actions { margin-top: 24px; }
  @media print {
    .actions { display: none; }
    main { padding: 0; }
    .code svg { max-width: 140mm; }
  }
</style>
</head>
<body>
<main>
<h1>${name}</h1>
<div class="code" role="img" aria-label="QR code for ${escapeHtml(shortUrl)}">${svg}</div>
<p class="address">${escapeHtml(shortUrl)}</p>
<p class="company">${escapeHtml(company.name)}</p>
<p class="actions"><a href="/admin/qr-codes">Back to the QR codes</a> · use your browser's Print command to print this sheet.</p>
</main>
</body>
</html>
`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
