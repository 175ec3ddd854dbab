import { useEffect, useRef, useState, useSyncExternalStore } from "react";

export type CopyStatus = "idle" | "copied" | "failed";

const noSubscription = () => () => {};

/**
 * Copying with the Clipboard API. `canCopy` is false in the server's HTML (and so without
 * JavaScript) and true once React runs: a copy button shows only then, and the text stays
 * there to select by hand. The status says "copied" for `copiedForMs`, or "failed" when
 * the browser refuses (the API is missing outside secure contexts, http other than
 * localhost): then the field given, if any, is selected so the visitor can copy it.
 */
export function useCopyToClipboard(copiedForMs: number) {
  const canCopy = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [status, setStatus] = useState<CopyStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(
    text: string,
    selectWhenRefused?: HTMLInputElement | HTMLTextAreaElement | null,
  ) {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
      timer.current = setTimeout(() => setStatus("idle"), copiedForMs);
    } catch {
      selectWhenRefused?.select();
      setStatus("failed");
    }
  }

  return { canCopy, status, copy };
}

/** The live region under a field to copy: what the last copy did, in the words given. */
export function CopyStatusMessage({
  status,
  copied,
  failed,
}: {
  status: CopyStatus;
  copied: string;
  failed: string;
}) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`mt-1.5 min-h-5 text-sm font-medium ${status === "failed" ? "text-danger" : "text-sage"}`}
    >
      {status === "copied" ? copied : status === "failed" ? failed : ""}
    </p>
  );
}
