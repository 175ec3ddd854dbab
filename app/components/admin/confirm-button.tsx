import { useId, useRef } from "react";
import { Button, buttonClasses } from "~/components/ui/button";

/**
 * A submit button that asks first (a native <dialog>). Without JavaScript it submits at
 * once; the action is still checked on the server. `intent` sends `intent=<it>`, as
 * SubmitButton's does.
 */
export function ConfirmButton({
  children,
  question,
  confirmLabel,
  variant = "secondary",
  intent,
  name = intent ? "intent" : undefined,
  value = intent,
  form,
}: {
  children: React.ReactNode;
  question: string;
  confirmLabel: string;
  variant?: "primary" | "secondary" | "ghost";
  intent?: string;
  name?: string;
  value?: string;
  form?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        ref={submit}
        type="submit"
        name={name}
        value={value}
        form={form}
        className={buttonClasses(variant)}
        onClick={(event) => {
          if (dialog.current?.dataset.confirmed === "yes") {
            dialog.current.dataset.confirmed = "";
            return;
          }
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        {children}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-stone-200 p-6 shadow-xl backdrop:bg-ink/40"
      >
        <p id={titleId} className="font-semibold">
          {question}
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              if (!dialog.current || !submit.current) return;
              dialog.current.dataset.confirmed = "yes";
              dialog.current.close();
              submit.current.click();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  );
}
