import { useEffect, useRef, useState } from "react";
// A file of the build with a hash in its name, cached for a year like the scripts (a fixed
// /logo.svg could only be cached briefly). Kept a file, not inlined, so that a logo that
// cannot load is hidden as before. /logo.svg stays for the structured data.
import logoUrl from "../../../assets/brand/logo.svg?no-inline";

/**
 * The company logo image. If it cannot be loaded it hides itself rather than show a
 * broken-image icon; the company name beside it still identifies the site.
 */
export function Logo({ className = "", alt }: { className?: string; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  // The image may have failed before hydration, when React was not yet listening.
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) return null;
  return (
    <img
      ref={image}
      src={logoUrl}
      alt={alt}
      width={40}
      height={40}
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
