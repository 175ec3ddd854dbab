/**
 * An e-mail address that wraps at its @ first, whole parts after that, and keeps the full
 * address as its title: never cut off, never broken mid-word where it fits.
 */
export function EmailText({ email, className = "" }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span className={`break-words ${className}`} title={email}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
