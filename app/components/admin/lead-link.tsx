import { Link } from "react-router";

/** A lead's name (or what stands for it), linking to the lead's page. */
export function LeadLink({
  leadId,
  className = "font-semibold text-ink underline",
  children,
}: {
  leadId: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Link to={`/admin/leads/${leadId}`} className={className}>
      {children}
    </Link>
  );
}
