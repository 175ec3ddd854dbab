/**
 * A panel's list of records, one row each: what the record is, then its actions, side by
 * side from the small breakpoint up and stacked on a phone. `children` draws a row's
 * contents.
 */
export function RecordList<Row extends { id: number }>({
  rows,
  children,
}: {
  rows: Row[];
  children: (row: Row) => React.ReactNode;
}) {
  return (
    <ul className="flex flex-col divide-y divide-stone-200">
      {rows.map((row) => (
        <li
          key={row.id}
          className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
        >
          {children(row)}
        </li>
      ))}
    </ul>
  );
}
