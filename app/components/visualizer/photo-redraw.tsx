import { useEffect, useRef, useState } from "react";
import type { VisualizerDesign } from "~/db/schema/marketing";

/**
 * "See it in your own bathroom" (docs/REQUIREMENTS.md R15.5): the visitor's photo is sent
 * with the design, and the redraw's progress is polled until it is ready. Without
 * JavaScript the form posts and the page comes back with the render's state.
 */

export interface RenderState {
  id: string;
  status: "queued" | "working" | "done" | "failed";
  progress: number;
  resultUrl: string | null;
  error: string | null;
}

const RENDERS_ENDPOINT = "/api/visualizer/renders";
const POLL_MS = 2000;
const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif";

export function PhotoRedraw({
  design,
  initial,
  initialError,
  pagePath,
}: {
  design: Required<VisualizerDesign>;
  initial: RenderState | null;
  initialError: string | null;
  /** The page's address with this render, for a visitor without JavaScript to check again. */
  pagePath: string;
}) {
  const [render, setRender] = useState<RenderState | null>(initial);
  const [error, setError] = useState<string | null>(initialError);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    if (!render || render.status === "done" || render.status === "failed") return;
    timer.current = setTimeout(async () => {
      try {
        const answer = await fetch(`${RENDERS_ENDPOINT}/${render.id}`, {
          headers: { Accept: "application/json" },
        });
        if (answer.ok) setRender((await answer.json()) as RenderState);
        else setRender({ ...render });
      } catch {
        setRender({ ...render });
      }
    }, POLL_MS);
    return () => clearTimeout(timer.current);
  }, [render]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const answer = await fetch(RENDERS_ENDPOINT, {
        method: "POST",
        body: new FormData(event.currentTarget),
        headers: { Accept: "application/json" },
      });
      const body = (await answer.json()) as { id?: string; error?: string };
      if (answer.ok && body.id) {
        setRender({ id: body.id, status: "queued", progress: 0, resultUrl: null, error: null });
      } else {
        setError(body.error ?? "We could not take this photo. Please try another one.");
      }
    } catch {
      setError("We could not send your photo. Please check your connection and try again.");
    } finally {
      setSending(false);
    }
  }

  const busy = sending || render?.status === "queued" || render?.status === "working";
  return (
    <section
      id="photo"
      aria-labelledby="photo-heading"
      className="scroll-mt-28 border-t border-stone-200 bg-white py-12 sm:py-16"
    >
      <div className="mx-auto grid max-w-4xl gap-6 px-4 sm:px-6">
        <div className="flex flex-col gap-3">
          <h2 id="photo-heading" className="text-3xl sm:text-4xl">
            See it in your own bathroom
          </h2>
          <p className="max-w-prose text-lg text-ink-soft">
            Upload a photo of your bathroom and we will redraw it with the choices above. Location
            and camera details are removed from the photo before it is kept.
          </p>
        </div>
        <form
          method="post"
          action={RENDERS_ENDPOINT}
          encType="multipart/form-data"
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4"
        >
          {Object.entries(design).map(([category, key]) => (
            <input key={category} type="hidden" name={category} value={key} />
          ))}
          <label htmlFor="visualizer-photo" className="font-semibold">
            Photo of your bathroom
          </label>
          <input
            id="visualizer-photo"
            type="file"
            name="photo"
            accept={PHOTO_ACCEPT}
            required
            aria-describedby="visualizer-photo-hint"
            className="text-sm"
          />
          <p id="visualizer-photo-hint" className="text-sm text-muted">
            JPEG, PNG, HEIC or WebP, at most 15 MB.
          </p>
          <button
            type="submit"
            disabled={busy}
            className="self-start rounded-full bg-ink px-5 py-3 font-semibold text-white disabled:opacity-60"
          >
            {sending ? "Sending…" : "Redraw my photo"}
          </button>
        </form>
        <div role="status" className="flex flex-col gap-3">
          {error && <p className="font-medium text-danger">{error}</p>}
          {render && (render.status === "queued" || render.status === "working") && (
            <>
              <p>Redrawing your photo… {render.progress}%</p>
              <progress
                max={100}
                value={render.progress}
                className="w-full"
                aria-label="Redraw progress"
              />
              <noscript>
                <a href={pagePath} className="underline">
                  Check again
                </a>
              </noscript>
            </>
          )}
          {render?.status === "failed" && <p className="font-medium text-danger">{render.error}</p>}
          {render?.status === "done" && render.resultUrl && (
            <img
              src={render.resultUrl}
              alt="Your bathroom photo, redrawn in this design"
              className="w-full rounded-(--radius-card)"
            />
          )}
        </div>
      </div>
    </section>
  );
}
