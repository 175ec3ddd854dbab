import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { Panel } from "~/components/admin/page";
import { FormTextArea } from "~/components/admin/staff-form-fields";

const noSubscription = () => () => {};

/** The Markdown body beside its preview, rendered by the server 300 ms after typing stops. */
export function BodyWithPreview({ field }: { field: Parameters<typeof FormTextArea>[0]["field"] }) {
  const preview = useFetcher<{ html?: string }>();
  // False in the server's HTML (and so without JavaScript), true once React runs.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const previewId = useId();
  const send = (markdown: string) =>
    preview.submit(
      { markdown },
      // A preview changes nothing: the page's data (and its toast) stay as they are.
      { method: "post", action: "/admin/posts/preview", defaultShouldRevalidate: false },
    );
  useEffect(() => {
    const initial = typeof field.initialValue === "string" ? field.initialValue : "";
    if (initial) send(initial);
    return () => clearTimeout(timer.current);
    // Once, for what the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Panel title="Body">
      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <FormTextArea
          field={field}
          label="Markdown"
          hint="Headings start with ##, lists with -, links are [text](address)."
          rows={22}
          className="font-mono"
          onChange={(event) => {
            const markdown = event.currentTarget.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => send(markdown), 300);
          }}
        />
        <section
          aria-labelledby={previewId}
          aria-live="polite"
          aria-busy={preview.state !== "idle"}
        >
          <h3 id={previewId} className="mb-1.5 text-sm font-semibold text-ink">
            Preview
          </h3>
          {hydrated ? (
            <div
              data-testid="post-preview"
              className="min-h-40 space-y-3 break-words [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm"
              // Rendered and sanitised by the server, exactly as on the public page.
              dangerouslySetInnerHTML={{ __html: preview.data?.html ?? "" }}
            />
          ) : (
            <p className="rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm text-muted">
              The live preview needs JavaScript. Saving works without it: save, then use View to see
              the post.
            </p>
          )}
        </section>
      </div>
    </Panel>
  );
}
