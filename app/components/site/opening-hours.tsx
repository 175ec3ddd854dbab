import { formatOpeningHours } from "~/modules/settings/format";
import { useCompany } from "./use-site";

/** The office's opening hours, a line for each group of days. */
export function OpeningHoursList({ className }: { className: string }) {
  const company = useCompany();
  return (
    <ul className={className}>
      {company.openingHours.map((entry) => (
        <li key={entry.days.join()}>{formatOpeningHours(entry)}</li>
      ))}
    </ul>
  );
}
