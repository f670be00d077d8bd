import { redirect } from "react-router";
import { redirectTarget } from "../redirects";
import type { Route } from "./+types/redirects";

/** Old aliases go to their new pages (keeping the query); every other unknown path to the homepage. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = redirectTarget(url.pathname);
  return redirect(target === "/" ? "/" : `${target}${url.search}`, 301);
}

export function action({ request }: Route.ActionArgs) {
  return loader({ request } as Route.LoaderArgs);
}
