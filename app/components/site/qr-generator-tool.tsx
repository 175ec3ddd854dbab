import type * as QrCodeModule from "qrcode";
import { useEffect, useId, useRef, useState } from "react";
import { track } from "~/modules/analytics/track";
import { colourProblem } from "~/modules/qr/qr-links";

/**
 * The public QR code generator (docs/REQUIREMENTS.md R15.4): drawn in the browser, the
 * drawing library loaded on the first input so the page starts light; nothing typed is
 * sent anywhere, only one `qr_code_generation` event per code made.
 */

type QrLibrary = typeof QrCodeModule;
let library: Promise<QrLibrary> | undefined;
const loadLibrary = () =>
  (library ??= import("qrcode").then(
    (module) => ("default" in module ? module.default : module) as QrLibrary,
  ));

export const QR_TEXT_MAX_LENGTH = 1000;
const SIZES = [256, 512, 1024, 2048] as const;
const LEVELS = [
  { value: "L", label: "Low (7%)" },
  { value: "M", label: "Medium (15%)" },
  { value: "Q", label: "Quartile (25%)" },
  { value: "H", label: "High (30%)" },
] as const;
type Level = (typeof LEVELS)[number]["value"];
/** A code counts as made once its text has stood still this long. */
const TRACK_AFTER_MS = 1500;

const COLOUR_MESSAGES = {
  inverted: "Use a dark color on a light background: many phone scanners read nothing else.",
  lowContrast:
    "These colors are too close to scan reliably: make the code darker or the background lighter.",
} as const;
const TOO_LONG =
  "This text is too long for a QR code at this error-correction level. Shorten it or choose a lower level.";

const fieldClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-ink focus:border-ink focus:outline-none focus:ring-2 focus:ring-brass/40";
const labelClass = "mb-1.5 block text-sm font-semibold text-ink";

interface Drawn {
  png: string;
  svg: string;
  text: string;
}

/** What was drawn for one set of choices: the code, or why there is none. */
interface Result {
  key: string;
  drawn: Drawn | null;
  error: string | null;
}

export function QrGeneratorTool() {
  const id = useId();
  const [text, setText] = useState("");
  const [size, setSize] = useState<number>(512);
  const [foreground, setForeground] = useState("#1f2a2e");
  const [background, setBackground] = useState("#ffffff");
  const [level, setLevel] = useState<Level>("M");
  const [result, setResult] = useState<Result | null>(null);
  const tracked = useRef(new Set<string>());
  const problem = colourProblem(foreground, background);
  const value = text.trim();
  const key = JSON.stringify([value, size, foreground, background, level]);
  const current = value && result?.key === key ? result : null;
  const drawn = current?.drawn ?? null;
  const error = current?.error ?? null;

  useEffect(() => {
    if (!value) return;
    let live = true;
    const options = {
      errorCorrectionLevel: level,
      margin: 4,
      width: size,
      color: { dark: foreground, light: background },
    };
    void loadLibrary()
      .then(async (QRCode) => {
        const [png, svg] = await Promise.all([
          QRCode.toDataURL(value, options),
          QRCode.toString(value, { ...options, type: "svg" }),
        ]);
        if (!live) return;
        const svgHref = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        setResult({ key, drawn: { png, svg: svgHref, text: value }, error: null });
      })
      .catch(() => {
        if (live) setResult({ key, drawn: null, error: TOO_LONG });
      });
    return () => {
      live = false;
    };
  }, [key, value, size, foreground, background, level]);

  // One event per code made, once its text has stood still (R15.4).
  useEffect(() => {
    if (!drawn || tracked.current.has(drawn.text)) return;
    const timer = setTimeout(() => {
      tracked.current.add(drawn.text);
      track("qr_code_generation", { tool: "public", size, errorCorrection: level });
    }, TRACK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [drawn, size, level]);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <form className="flex flex-col gap-5" onSubmit={(event) => event.preventDefault()}>
        <div>
          <label htmlFor={`${id}-text`} className={labelClass}>
            Address or text
          </label>
          <textarea
            id={`${id}-text`}
            name="text"
            rows={3}
            maxLength={QR_TEXT_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="https://www.example.com/"
            className={fieldClass}
            aria-describedby={`${id}-text-hint`}
          />
          <p id={`${id}-text-hint`} className="mt-1.5 text-sm text-ink-soft">
            A web address, a phone number, a Wi-Fi note: whatever you type stays in your browser.
          </p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-size`} className={labelClass}>
              Size
            </label>
            <select
              id={`${id}-size`}
              value={size}
              onChange={(event) => setSize(Number(event.target.value))}
              className={fieldClass}
            >
              {SIZES.map((pixels) => (
                <option key={pixels} value={pixels}>
                  {pixels} × {pixels} pixels
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-level`} className={labelClass}>
              Error correction
            </label>
            <select
              id={`${id}-level`}
              value={level}
              onChange={(event) => setLevel(event.target.value as Level)}
              className={fieldClass}
            >
              {LEVELS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-foreground`} className={labelClass}>
              Code color
            </label>
            <input
              id={`${id}-foreground`}
              type="color"
              value={foreground}
              onChange={(event) => setForeground(event.target.value)}
              className="h-11 w-full cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
            />
          </div>
          <div>
            <label htmlFor={`${id}-background`} className={labelClass}>
              Background color
            </label>
            <input
              id={`${id}-background`}
              type="color"
              value={background}
              onChange={(event) => setBackground(event.target.value)}
              className="h-11 w-full cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
            />
          </div>
        </div>
        {problem && (
          <p
            role="status"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-ink"
          >
            {COLOUR_MESSAGES[problem]}
          </p>
        )}
      </form>
      <div className="flex flex-col items-center gap-4 rounded-xl border border-stone-200 bg-white p-5">
        <div className="flex aspect-square w-full max-w-xs items-center justify-center rounded-lg bg-stone-50">
          {drawn ? (
            <img
              src={drawn.png}
              alt={`QR code for ${drawn.text.slice(0, 80)}`}
              width={320}
              height={320}
              className="h-auto w-full"
              data-testid="qr-preview"
            />
          ) : (
            <p className="px-6 text-center text-sm text-ink-soft">
              {error ?? "Your QR code appears here as you type."}
            </p>
          )}
        </div>
        {error && (
          <p role="alert" className="sr-only">
            {error}
          </p>
        )}
        <div className="flex w-full flex-col gap-2 sm:flex-row">
          <DownloadLink href={drawn?.png} file="qr-code.png">
            Download PNG
          </DownloadLink>
          <DownloadLink href={drawn?.svg} file="qr-code.svg">
            Download SVG
          </DownloadLink>
        </div>
      </div>
    </div>
  );
}

function DownloadLink({
  href,
  file,
  children,
}: {
  href: string | undefined;
  file: string;
  children: React.ReactNode;
}) {
  const classes =
    "flex-1 rounded-lg px-4 py-2.5 text-center text-sm font-semibold transition-colors";
  if (!href) {
    return (
      <span
        aria-disabled="true"
        className={`${classes} cursor-not-allowed bg-stone-200 text-ink-soft`}
      >
        {children}
      </span>
    );
  }
  return (
    <a href={href} download={file} className={`${classes} bg-ink text-white hover:bg-ink/90`}>
      {children}
    </a>
  );
}
