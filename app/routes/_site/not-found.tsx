import { data } from "react-router";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { notFoundMeta } from "~/modules/seo/meta";

/** Any path no other route claims: 'Page not found' with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = notFoundMeta;

export default function NotFound() {
  return <NotFoundScreen />;
}
