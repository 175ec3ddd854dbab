import { z } from "~/modules/platform/zod";

/**
 * The 404 log screen's address and its one form, shared by the browser's checks and the
 * action (docs/REQUIREMENTS.md R4.12).
 */

export const NOT_FOUND_SORTS = ["hits", "recent"] as const;
export type NotFoundSort = (typeof NOT_FOUND_SORTS)[number];

export const NOT_FOUND_SORT_LABELS: Record<NotFoundSort, string> = {
  hits: "Most hits first",
  recent: "Most recent first",
};

/** ?sort=, ?dismissed=1 (show dismissed entries too) and ?page=; anything unreadable counts as not given. */
export const notFoundFilterSchema = z.object({
  sort: z.enum(NOT_FOUND_SORTS).catch("hits"),
  dismissed: z
    .string()
    .optional()
    .transform((value) => value === "1")
    .catch(false),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type NotFoundFilter = z.output<typeof notFoundFilterSchema>;

export function readNotFoundFilter(params: URLSearchParams): NotFoundFilter {
  return notFoundFilterSchema.parse({
    sort: params.get("sort") ?? undefined,
    dismissed: params.get("dismissed") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

const NOT_UNDERSTOOD = "That request was not understood.";

/** The "Dismiss" button beside an entry. */
export const dismissSchema = z.object({
  intent: z.literal("dismiss", { error: NOT_UNDERSTOOD }),
  entryId: z.coerce
    .number({ error: NOT_UNDERSTOOD })
    .int(NOT_UNDERSTOOD)
    .positive(NOT_UNDERSTOOD)
    .max(Number.MAX_SAFE_INTEGER, NOT_UNDERSTOOD),
});

/** Where "Create redirect" goes: the redirects screen's form, with the path filled in. */
export const createRedirectHref = (path: string): string =>
  `/admin/redirects?fromPath=${encodeURIComponent(path)}#new-redirect`;
