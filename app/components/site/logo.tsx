import logoSvg from "../../../assets/brand/logo.svg?raw";

// The mark's shapes, drawn in the page: an <img> of an SVG file makes the browser build a
// document of its own for it (about 11 ms of a phone's main thread before the page is
// interactive). The title goes: the logo is decorative here, the company name beside it.
const viewBox = /viewBox="([^"]+)"/.exec(logoSvg)?.[1] ?? "0 0 64 64";
const shapes = logoSvg.replace(/<\/?svg[^>]*>/g, "").replace(/<title[^<]*<\/title>/, "");

/** The company logo (assets/brand/logo.svg), beside the company name that identifies the site. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <svg
      viewBox={viewBox}
      width={40}
      height={40}
      aria-hidden="true"
      focusable="false"
      className={className}
      dangerouslySetInnerHTML={{ __html: shapes }}
    />
  );
}
