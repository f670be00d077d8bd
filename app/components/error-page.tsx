import { isRouteErrorResponse, Link } from "react-router";
import { MESSAGES } from "../../domain/messages";

/**
 * The error page: a 404 says Not Found, a 403 'Permission denied.' (spec 01 §8), anything else the
 * general message. Rendered by the page shell's boundary (app/routes/shell.tsx), under the site's
 * header as the signed-in user sees it, and by the root's when the shell itself could not load.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const denied = isRouteErrorResponse(error) && error.status === 403;
  // A 4xx is the client's (a wrong method, a body that is not a form): logged only when it is ours.
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold">
        {notFound ? "Not Found" : denied ? MESSAGES.permissionDenied : "An error has occurred, please try again."}
      </h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? "We couldn't find that page."
          : denied
            ? "Your account can't open this page."
            : "Something went wrong. Please try again or contact customer support."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
        Go to the homepage
      </Link>
    </div>
  );
}
