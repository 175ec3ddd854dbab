import type { IconName } from "./icon-names";
import { ICON_SPRITE_URL } from "./icon-sprite.generated";

export type { IconName };

/**
 * A decorative icon from the site's SVG sprite (lucide icons). The sprite is one cached
 * file, so icons cost no JavaScript. Icons are hidden from assistive technology: the text
 * next to them carries the meaning.
 *
 * The `<use>` is written as inner HTML so that the production server can draw each icon's
 * shapes in its place in the finished page (optimizeDocument), and hydration leaves them
 * there; icons rendered in the browser later use the sprite (docs/decisions/005).
 */
export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      dangerouslySetInnerHTML={{ __html: `<use href="${ICON_SPRITE_URL}#${name}"></use>` }}
    />
  );
}
