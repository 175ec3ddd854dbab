import { Icon } from "~/components/ui/icon";
/** Stars for a rating out of five, with the number for screen readers. */
export function StarRating({ rating, size = "size-5" }: { rating: number; size?: string }) {
  const rounded = Math.round(rating);
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={`${rating} out of 5 stars`}
    >
      {Array.from({ length: 5 }, (_, i) => (
        <Icon
          name="star"
          key={i}
          aria-hidden="true"
          className={`${size} ${i < rounded ? "fill-brass text-brass" : "fill-stone-200 text-stone-300"}`}
        />
      ))}
    </span>
  );
}
