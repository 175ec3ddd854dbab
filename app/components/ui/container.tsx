/**
 * The page's content width with side padding that grows with the screen. A `max-w-*`
 * class in `className` replaces the default width (for narrow, centred columns).
 */
export function Container({ className = "", ...props }: React.HTMLAttributes<HTMLDivElement>) {
  const width = /(^|\s)max-w-/.test(className) ? "" : "max-w-6xl";
  return <div className={`mx-auto w-full ${width} px-4 sm:px-6 lg:px-8 ${className}`} {...props} />;
}
