import { useId, useRef } from "react";
import { buttonClasses } from "~/components/ui/button";
import { CopyStatusMessage, useCopyToClipboard } from "~/components/ui/copy-to-clipboard";
import { Icon } from "~/components/ui/icon";

/**
 * A referral link to copy and its QR code to download. The link sits in a read-only field,
 * so without JavaScript it can still be selected and copied; once the page runs, a button
 * copies it and says so in a live region.
 */

const COPIED_FOR_MS = 4000;

export function CopyLinkField({ label, link }: { label: string; link: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { canCopy, status, copy } = useCopyToClipboard(COPIED_FOR_MS);

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3.5 py-2.5 font-mono text-sm text-ink"
        />
        {canCopy && (
          <button
            type="button"
            onClick={() => void copy(link, input.current)}
            className={buttonClasses("secondary")}
          >
            <Icon name={status === "copied" ? "check" : "clipboard-check"} className="size-4" />
            {/* One flex item, so the hidden words add no gap. */}
            <span>
              Copy<span className="sr-only"> the {label.toLowerCase()}</span>
            </span>
          </button>
        )}
      </div>
      <CopyStatusMessage
        status={status}
        copied="Copied"
        failed="Could not copy here: the link is selected, copy it with your keyboard or menu."
      />
    </div>
  );
}

/**
 * A link's QR code as the server drew it, with its files to download; `of` names the link
 * ("the link to /bathrooms") for screen readers.
 */
export function QrCodeDownloads({
  of,
  svg,
  pngHref,
  svgHref,
}: {
  of: string;
  svg: string;
  pngHref: string;
  svgHref: string;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div
        role="img"
        aria-label={`QR code of ${of}`}
        className="size-40 shrink-0 rounded-lg border border-stone-200 bg-white [&>svg]:size-full"
        // Markup made on our server by the qrcode package from the validated link.
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">
          Put it on flyers, cards or signs: scanning it opens the link, and the visit counts as
          yours.
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={pngHref} download className={buttonClasses("secondary")}>
            <Icon name="download" className="size-4" />
            <span>
              PNG<span className="sr-only"> of the QR code of {of}</span>, for print
            </span>
          </a>
          <a href={svgHref} download className={buttonClasses("ghost")}>
            <Icon name="download" className="size-4" />
            <span>
              SVG<span className="sr-only"> of the QR code of {of}</span>
            </span>
          </a>
        </div>
      </div>
    </div>
  );
}
