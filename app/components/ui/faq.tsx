import { Icon } from "~/components/ui/icon";
export interface FaqItem {
  question: string;
  answer: string;
}

/** Questions and answers as native disclosure widgets: keyboard and screen-reader ready, no script. */
export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-stone-200 rounded-(--radius-card) border border-stone-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group px-5 sm:px-6">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-semibold text-ink [&::-webkit-details-marker]:hidden">
            <h3 className="font-sans text-base sm:text-lg">{item.question}</h3>
            <Icon
              name="chevron-down"
              className="size-5 shrink-0 text-brass transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="pb-5 leading-relaxed text-ink-soft">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
