import { redirect } from "react-router";
import { redirectTarget } from "../redirects";
import type { Route } from "./+types/redirects";
import { pageUrl } from "../lib/page-url";

/**
 * Old aliases go to their new pages for good (301, keeping the query); every other unknown path
 * goes to the homepage with a 302 (spec 01 §2 "Unknown paths redirect to the homepage"): a path
 * unknown today may be a page tomorrow, and browsers keep a 301 for ever.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const target = redirectTarget(url.pathname);
  return target === null ? redirect("/", 302) : redirect(`${target}${url.search}`, 301);
}

export function action({ request }: Route.ActionArgs) {
  return loader({ request } as Route.LoaderArgs);
}
