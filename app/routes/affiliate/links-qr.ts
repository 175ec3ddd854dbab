import type { Route } from "./+types/links-qr";
import { requireAffiliate } from "~/modules/affiliates/affiliate-guard.server";
import { referralQrFile } from "~/modules/affiliates/referral-qr.server";
import { runtimeContext } from "~/modules/platform/context";

/**
 * A referral link's QR code as a PNG (1024 px, for print) or SVG file. The server reads the
 * link back and encodes it only when it is the signed-in affiliate's own link to this site;
 * anything else is refused with 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const { config } = context.get(runtimeContext);
  const file = await referralQrFile(new URL(request.url).searchParams, {
    origin: config.publicUrl.origin,
    code: affiliate.code,
  });
  if (!file.ok) {
    return new Response(`${file.message}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      // The affiliate's own file: never kept by a shared cache.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // An SVG opened on its own runs nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
