/**
 * The compression to answer with: brotli when the client takes it, else gzip, else none.
 * A coding listed with q=0 is one the client refuses (RFC 9110, 12.5.3), and `*` stands for
 * any coding not listed. Browsers send no weights ("gzip, deflate, br, zstd"), so that
 * common case is two regular-expression tests on the page cache's path.
 */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  if (!/q=|\*/i.test(header)) {
    return /\bbr\b/i.test(header) ? "br" : /\bgzip\b/i.test(header) ? "gzip" : null;
  }
  const weights = new Map<string, number>();
  for (const entry of header.split(",")) {
    const [name = "", ...parameters] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
}
