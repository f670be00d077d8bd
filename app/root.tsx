import { useEffect } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { CookieBanner } from "./components/cookie-banner";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { readConsent } from "./cookies.server";
import { seoMeta } from "./seo";

export const meta: Route.MetaFunction = () => seoMeta();

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request }: Route.LoaderArgs) {
  return readConsent(request);
}

/** Escape closes open <details> popovers (the menus work without JavaScript; this adds the key). */
function useEscapeClosesPopovers() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      document.querySelectorAll<HTMLDetailsElement>("details[data-popover][open]").forEach((d) => d.removeAttribute("open"));
    };
    const onClick = (event: MouseEvent) => {
      document.querySelectorAll<HTMLDetailsElement>("details[data-popover][open]").forEach((d) => {
        if (!d.contains(event.target as Node) || (event.target as HTMLElement).closest("a")) d.removeAttribute("open");
      });
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  useEscapeClosesPopovers();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter doNotSell={data?.doNotSell ?? false} />
        {data && !data.cookiesAccepted ? <CookieBanner /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold">{notFound ? "Not Found" : "An error has occurred, please try again."}</h1>
      <p className="mt-4 text-slate-600">
        {notFound ? "We couldn't find that page." : "Something went wrong. Please try again or contact customer support."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
        Go to the homepage
      </Link>
    </div>
  );
}
