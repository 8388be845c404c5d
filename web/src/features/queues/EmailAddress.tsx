/**
 * A customer's e-mail in a queue table. A long address wraps after its "@" first, so the domain is read whole
 * ("kiarra.deckow797@" / "mail.example") instead of being cut wherever the column ends; each half still breaks
 * inside itself when it alone is wider than the column.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      <span className="email-part">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="email-part">{email.slice(at + 1)}</span>
    </>
  );
}
