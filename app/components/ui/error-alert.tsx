/** A problem with the whole form, announced when it appears (role="alert"). */
export function ErrorAlert({
  children,
  className = "",
  ...rest
}: React.HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p
      role="alert"
      className={`rounded-lg border border-danger/30 bg-danger/5 p-3 text-sm font-medium text-danger ${className}`}
      {...rest}
    >
      {children}
    </p>
  );
}
