import { buttonClasses } from "~/components/ui/button";
import { ExternalLink } from "~/components/ui/external-link";
import { Icon } from "~/components/ui/icon";
import { telHref } from "~/modules/settings/format";
import { useCompany } from "./use-site";

/**
 * The two ways to start: request a consultation (the form further down the page) or call.
 * `wrap` lets the pair wrap on pages whose hero text leaves them less room.
 */
export function ConsultationActions({
  quoteLabel = "Request a Free Consultation",
  wrap = false,
}: {
  quoteLabel?: string;
  wrap?: boolean;
}) {
  const company = useCompany();
  const extra = wrap ? "sm:whitespace-nowrap" : "";
  return (
    <div className={`flex flex-col gap-3 sm:flex-row${wrap ? " sm:flex-wrap" : ""}`}>
      <a
        href="#contact"
        data-track="quote_request"
        className={buttonClasses("primary", "lg", extra)}
      >
        {quoteLabel}
      </a>
      <a href={telHref(company.phone)} className={buttonClasses("secondary", "lg", extra)}>
        Call {company.phone}
      </a>
    </div>
  );
}

/** A link that calls the office, led by the phone icon; the number itself unless told. */
export function PhoneLink({
  phone,
  className,
  iconClassName,
  onClick,
  children,
}: {
  phone: string;
  className: string;
  iconClassName: string;
  onClick?: () => void;
  children?: React.ReactNode;
}) {
  return (
    <a href={telHref(phone)} onClick={onClick} className={className}>
      <Icon name="phone" className={iconClassName} />
      {children ?? phone}
    </a>
  );
}

/** A large button that calls the office, with the phone icon. */
export function PhoneButton({
  variant = "primary",
  label,
  className = "",
}: {
  variant?: "primary" | "inverse";
  /** Words before the number, e.g. "Call Now"; none shows the number alone. */
  label?: string;
  className?: string;
}) {
  const company = useCompany();
  return (
    <PhoneLink
      phone={company.phone}
      className={buttonClasses(variant, "lg", className)}
      iconClassName="size-5"
    >
      {label && `${label} ${company.phone}`}
    </PhoneLink>
  );
}

/** The third-party lender's pre-approval page. */
export function FinancingButton({
  variant = "primary",
  className = "",
}: {
  variant?: "primary" | "secondary";
  className?: string;
}) {
  const company = useCompany();
  return (
    <ExternalLink href={company.financingUrl} className={buttonClasses(variant, "lg", className)}>
      <Icon name="hand-coins" className="size-5" />
      Get Pre-Approved For Financing
    </ExternalLink>
  );
}
