import { useCopyToClipboard } from "~/components/ui/copy-to-clipboard";

const COPIED_FOR_MS = 4000;

/**
 * "Share this design" (docs/REQUIREMENTS.md R15.5): copies the link with the clipboard
 * API; without JavaScript (or when copying is refused) the link itself is there to copy.
 */
export function ShareDesign({ link }: { link: string }) {
  const { canCopy, status, copy } = useCopyToClipboard(COPIED_FOR_MS);

  return (
    <div className="flex flex-col gap-2 text-sm">
      {canCopy && (
        <button
          type="button"
          onClick={() => void copy(link)}
          className="self-start rounded-full border border-ink px-4 py-2 font-semibold text-ink hover:bg-ink hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass"
        >
          Share this design
        </button>
      )}
      <p role="status" className="text-ink-soft">
        {status === "copied"
          ? "Link copied: paste it anywhere to share this design."
          : status === "failed"
            ? "Copy the link below to share this design."
            : canCopy
              ? null
              : "Share this design with this link:"}
      </p>
      <a href={link} className="break-all text-ink-soft underline" data-share-link>
        {link}
      </a>
    </div>
  );
}
