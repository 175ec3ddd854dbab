import { Badge } from "~/components/admin/badge";
import { Panel } from "~/components/admin/page";

/**
 * The steps of setting up an authenticator app, for any sign-in area (the staff's My
 * account, the partner portal's profile): scan the QR code or type the key, then confirm
 * with the code the app shows (the area's own form, passed as `children`).
 */
export function AuthenticatorSetupSteps({
  pending,
  children,
}: {
  /** The setup waiting for its first code: its secret and its QR code (SVG from our server). */
  pending: { secret: string; qrSvg: string };
  children: React.ReactNode;
}) {
  const grouped = pending.secret.match(/.{1,4}/g)?.join(" ") ?? pending.secret;
  return (
    <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
      <li>
        <p>Scan this code with your authenticator app.</p>
        <div
          role="img"
          aria-label="QR code to scan with your authenticator app"
          className="mt-3 size-48 rounded-lg border border-stone-200 bg-white [&>svg]:size-full"
          // Markup made on our server by the qrcode package from the otpauth URI.
          dangerouslySetInnerHTML={{ __html: pending.qrSvg }}
        />
        <p className="mt-3">Or enter this key in the app by hand (time-based):</p>
        <p className="mt-1 break-all font-mono text-base tracking-wide">
          <span className="sr-only">Setup key: </span>
          {grouped}
        </p>
      </li>
      <li>{children}</li>
    </ol>
  );
}

/**
 * An area's authenticator panel in its three states: on (with the area's form to turn it
 * off), waiting for its first code (the setup steps, with the area's confirm and cancel
 * forms), and off (with the area's form to start a setup).
 */
export function AuthenticatorPanel({
  enabled,
  pending,
  turnOff,
  confirm,
  cancel,
  turnOn,
}: {
  enabled: boolean;
  pending: { secret: string; qrSvg: string } | null;
  turnOff: React.ReactNode;
  confirm: React.ReactNode;
  cancel: React.ReactNode;
  turnOn: React.ReactNode;
}) {
  if (enabled) {
    return (
      <Panel title="Authenticator" actions={<Badge tone="success">On</Badge>}>
        <p className="mb-4 text-sm">
          Sign-in asks for a six-digit code from your authenticator app after your password.
        </p>
        {turnOff}
      </Panel>
    );
  }
  if (pending) {
    return (
      <Panel title="Authenticator" actions={<Badge tone="warning">Waiting for a code</Badge>}>
        <AuthenticatorSetupSteps pending={pending}>{confirm}</AuthenticatorSetupSteps>
        {cancel}
      </Panel>
    );
  }
  return (
    <Panel title="Authenticator" actions={<Badge tone="neutral">Off</Badge>}>
      <p className="mb-4 text-sm">
        With an authenticator, signing in takes your password and a code from your phone, so a
        stolen password alone does not get anyone in.
      </p>
      {turnOn}
    </Panel>
  );
}
