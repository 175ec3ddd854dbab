import { SubmitButton } from "~/components/admin/staff-form";

/** What a switch button sends and says to turn a listed item on, and to turn it off. */
export interface SwitchIntents {
  on: { intent: string; label: string };
  off: { intent: string; label: string };
}

/**
 * The button that turns a listed item on or off (an endpoint, a redirect, a review): it
 * offers the opposite of the item's state now. `children` follow the label, e.g. the item's
 * name for screen readers.
 */
export function SwitchButton({
  formId,
  isOn,
  intents,
  children,
}: {
  formId: string;
  isOn: boolean;
  intents: SwitchIntents;
  children?: React.ReactNode;
}) {
  const { intent, label } = isOn ? intents.off : intents.on;
  return (
    <SubmitButton formId={formId} intent={intent} variant="secondary">
      {label}
      {children}
    </SubmitButton>
  );
}
