import { useFetcher, useLocation } from "react-router";

/** The cookie-consent banner; hidden once accepted (remembered in a cookie). Works without JavaScript. */
export function CookieBanner() {
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <div
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-8px_30px_-12px_rgba(15,23,42,0.25)] backdrop-blur"
    >
      <fetcher.Form
        method="post"
        action="/app/api/cookies/accept"
        className="mx-auto flex max-w-6xl flex-col items-start gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="text-sm text-slate-700">
          We use cookies to keep you signed in, remember your recent links and understand how Snip is used. See our{" "}
          <a href="/app/cookies-policy" className="font-semibold text-indigo-600 underline">
            Cookies Policy
          </a>
          .
        </p>
        <button type="submit" className="shrink-0 rounded-lg bg-indigo-600 px-5 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
          Accept
        </button>
      </fetcher.Form>
    </div>
  );
}
