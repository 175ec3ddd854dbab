import logoSvg from "../../../assets/brand/logo.svg?raw";

// The mark's shapes, drawn in the page: for an <img> of an SVG file the browser builds a
// document of its own, on the main thread during the load (about 11 ms at full speed in a
// trace; docs/decisions/016-usable-before-scripts.md). The title and its id go: the logo is
// decorative here, beside the company name, and drawn twice on a page.
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
