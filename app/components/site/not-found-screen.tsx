import { ButtonLink } from "~/components/ui/button";
import { STRINGS } from "~/modules/platform/strings";
import { Icon } from "~/components/ui/icon";

export function NotFoundScreen() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-5 px-6 py-20 text-center">
      <p className="font-serif text-6xl text-brass" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl sm:text-4xl">{STRINGS.notFound.title}</h1>
      <p className="text-lg text-ink-soft">
        The page you are looking for has moved or no longer exists.
      </p>
      <ButtonLink to="/" size="lg">
        <Icon name="house" className="size-5" />
        {STRINGS.notFound.action}
      </ButtonLink>
    </div>
  );
}
