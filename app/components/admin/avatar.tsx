const sizeClass = { 36: "size-9", 40: "size-10", 48: "size-12" } as const;

/**
 * A staff member's picture; decorative, as their name always stands beside it.
 * In a row that may run short of room it keeps its size (`keepSize`).
 */
export function Avatar({
  src,
  size,
  keepSize = false,
}: {
  src: string;
  size: keyof typeof sizeClass;
  keepSize?: boolean;
}) {
  const className = [sizeClass[size], keepSize && "shrink-0", "rounded-full"]
    .filter(Boolean)
    .join(" ");
  return <img src={src} alt="" width={size} height={size} className={className} />;
}
