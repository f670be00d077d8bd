import { Link, NavLink } from "react-router";
import type { NavState } from "../lib/nav.server";
import { FEATURE_PAGES } from "./feature-pages";

const navLink = "rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-indigo-600" aria-label="Snip home">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path
          d="M10 17.5a4.5 4.5 0 0 1 0-6.4l2.6-2.6a4.5 4.5 0 0 1 6.4 6.4l-1.2 1.2M22 14.5a4.5 4.5 0 0 1 0 6.4l-2.6 2.6a4.5 4.5 0 0 1-6.4-6.4l1.2-1.2"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      Snip
    </Link>
  );
}

/** My URLs (non-analytics users), Plans and Blog (non-subscribers): what a guest sees, desktop and mobile. */
function GuestLinks() {
  return (
    <>
      <Link to="/app/my-urls" className={navLink}>
        My URLs
      </Link>
      <Link to="/app/pricing" className={navLink}>
        Plans
      </Link>
      {/* an external redirect: a full page load, not a client-side navigation */}
      <Link to="/app/blog" className={navLink} reloadDocument>
        Blog
      </Link>
    </>
  );
}

/** A disclosure menu: works without JavaScript (<details>); Escape closes it (see root's script). */
function FeaturesMenu() {
  return (
    <details className="popover relative" data-popover>
      <summary className={`${navLink} flex cursor-pointer list-none items-center gap-1`}>
        Features
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <div className="absolute right-0 z-40 mt-2 max-h-[265px] min-w-[200px] max-w-[265px] overflow-auto rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
        {FEATURE_PAGES.map((page) => (
          <NavLink
            key={page.to}
            to={page.to}
            className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
          >
            {page.label}
          </NavLink>
        ))}
      </div>
    </details>
  );
}

/** The 450px mobile menu: a disclosure under the header; its button turns into a close button. */
function MobileMenu() {
  return (
    <details className="popover group md:hidden" data-popover>
      <summary className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Menu">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6 stroke-current group-open:hidden"
          fill="none"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="hidden h-6 w-6 stroke-current group-open:block"
          fill="none"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </summary>
      <nav
        aria-label="Mobile"
        className="fixed bottom-0 right-0 top-16 z-50 flex w-full max-w-[450px] flex-col gap-1 overflow-auto border-l border-t border-slate-200 bg-white p-4 shadow-2xl"
      >
        <Link to="/" className={navLink}>
          Home
        </Link>
        <GuestLinks />
        <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Features</p>
        {FEATURE_PAGES.map((page) => (
          <Link key={page.to} to={page.to} className={navLink}>
            {page.label}
          </Link>
        ))}
        <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
          <Link to="/app/register" className="rounded-lg bg-indigo-600 px-4 py-2 text-center font-semibold text-white hover:bg-indigo-700">
            Create Account
          </Link>
          <Link
            to="/app/login"
            className="rounded-lg border border-slate-300 px-4 py-2 text-center font-semibold text-slate-800 hover:bg-slate-50"
          >
            Sign In
          </Link>
        </div>
      </nav>
    </details>
  );
}

/** The navigation bar as a guest sees it (spec 02 §2). */
export function SiteHeader({ nav }: { nav: NavState | null }) {
  if (nav?.user) {
    return (
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Logo />
          <nav aria-label="Main" className="flex items-center gap-1">
            <Link to="/app/settings" className={navLink}>
              {nav.user.name}
            </Link>
            <form method="post" action="/app/logout">
              <button type="submit" className={navLink}>
                Log out
              </button>
            </form>
          </nav>
        </div>
      </header>
    );
  }
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <GuestLinks />
          <FeaturesMenu />
          <Link to="/app/register" className="ml-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
            Sign Up
          </Link>
          <Link to="/app/login" className="rounded-lg px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50">
            Sign In
          </Link>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}
