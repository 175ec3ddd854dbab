/**
 * A box that scrolls sideways when what it holds (a table, mostly) is wider than the
 * screen. It is a named region in the tab order, so a keyboard user can reach it and scroll
 * it with the arrow keys, and a screen reader says what it holds: a table of plain text has
 * nothing else to focus, and a long value in one cell can widen it on any screen. It is a
 * tab stop even where it fits: the server cannot know the screen's width.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    // A scrollable box must take focus to be scrolled from the keyboard (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
