import { Panel } from "~/components/admin/page";

/**
 * Without SMTP_URL nothing is sent and the mail log hides password links, so the admin
 * who asked for a set-password link (a staff member's or an affiliate's) sees it here,
 * once, to pass on themselves.
 */
export function PasswordLinkPanel({
  email,
  link,
  expiresIn,
}: {
  email: string;
  link: string;
  /** How long the link works, in words: "3 days". */
  expiresIn: string;
}) {
  return (
    <Panel title="Pass this link on yourself">
      <div role="status" className="flex flex-col gap-3 text-sm">
        <p>
          E-mail is not set up on this server (no SMTP_URL), so nothing was sent to{" "}
          <strong className="break-all">{email}</strong>. Give them this link to choose their
          password. It works once, expires in {expiresIn} and is not shown again.
        </p>
        <p className="break-all rounded-lg bg-stone-50 p-3 font-mono text-xs">{link}</p>
      </div>
    </Panel>
  );
}
