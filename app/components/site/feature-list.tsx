import { Icon, type IconName } from "~/components/ui/icon";
import { Card } from "~/components/ui/section";

/** One point a page makes: an icon, a short heading and a sentence or two. */
export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

/** Features as cards, each heading led by its icon. */
export function FeatureCards({
  items,
  className,
  headingClassName = "text-xl",
  cardClassName = "",
}: {
  items: readonly Feature[];
  className: string;
  headingClassName?: string;
  cardClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.title}>
          <Card className={`flex h-full flex-col gap-3 ${cardClassName}`.trim()}>
            <h3 className={`flex items-center gap-3 ${headingClassName}`}>
              <Icon name={item.icon} className="size-6 shrink-0 text-brass" />
              {item.title}
            </h3>
            <p className="leading-relaxed text-ink-soft">{item.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * Features as rows, each icon in a round badge beside its text. `numbered` makes them the
 * steps of an ordered list, and says each step's number to screen readers.
 */
export function FeatureRows({
  items,
  className,
  headingClassName = "text-xl",
  small = false,
  textGap = "gap-2",
  numbered = false,
}: {
  items: readonly Feature[];
  className: string;
  headingClassName?: string;
  small?: boolean;
  textGap?: "gap-1" | "gap-2";
  numbered?: boolean;
}) {
  const List = numbered ? "ol" : "ul";
  return (
    <List className={className}>
      {items.map((item, index) => (
        <li key={item.title} className="flex gap-4">
          <span
            className={`inline-flex ${small ? "size-10" : "size-12"} shrink-0 items-center justify-center rounded-full bg-brass-light text-brass-dark`}
          >
            <Icon name={item.icon} className={small ? "size-5" : "size-6"} />
          </span>
          <div className={`flex flex-col ${textGap}`}>
            <h3 className={headingClassName}>
              {numbered && <span className="sr-only">Step {index + 1}: </span>}
              {item.title}
            </h3>
            <p className="leading-relaxed text-ink-soft">{item.text}</p>
          </div>
        </li>
      ))}
    </List>
  );
}

/** Short points, each after a tick (or another icon). */
export function CheckList({
  items,
  icon = "check",
  classes,
}: {
  items: readonly string[];
  icon?: IconName;
  classes: { list: string; item: string; icon?: string };
}) {
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={item} className={classes.item}>
          <Icon name={icon} className={classes.icon ?? "mt-1 size-5 shrink-0 text-sage"} />
          {item}
        </li>
      ))}
    </ul>
  );
}
