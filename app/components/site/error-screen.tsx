import { useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { STRINGS } from "~/modules/platform/strings";
import { Icon } from "~/components/ui/icon";

/**
 * A full error message with a way out. Used by the route boundary ("Something went
 * wrong") and the layout boundary ("Error Loading Layout"). Reloading is a plain link to
 * the same address, so it works even when the page's scripts did not load.
 */
export function ErrorScreen({ title, message }: { title: string; message?: string }) {
  const location = useLocation();
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-5 px-6 py-20 text-center"
    >
      <h1 className="text-3xl sm:text-4xl">{title}</h1>
      {message && <p className="text-lg text-ink-soft">{message}</p>}
      <a
        href={`${location.pathname}${location.search}`}
        className={buttonClasses("primary", "lg")}
        onClick={(event) => {
          event.preventDefault();
          window.location.reload();
        }}
      >
        <Icon name="rotate-cw" className="size-5" />
        {STRINGS.errors.reload}
      </a>
    </div>
  );
}
