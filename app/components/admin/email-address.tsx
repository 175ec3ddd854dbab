/**
 * An e-mail address that wraps, when it must, before its "@" and dots rather than in the
 * middle of a word; a single part longer than the line still wraps as a last resort.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="break-words">
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}
