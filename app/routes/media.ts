import type { Route } from "./+types/media";
import { runtimeContext } from "~/modules/platform/context";
import { mediaResponse } from "~/modules/media/serve.server";

/** Uploaded images' variants, from the database (app/modules/media/serve.server.ts). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return mediaResponse(context.get(runtimeContext).db, params, request);
}
