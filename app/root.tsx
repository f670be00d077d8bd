import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { pastDueRefusal } from "./lib/past-due.server";
import type { Route } from "./+types/root";
import "./app.css";
import { CookieBanner } from "./components/cookie-banner";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { findCoupon, SALE_COUPON_2024 } from "../domain/coupons";
import { promoBannerVisible } from "../domain/promotion";
import { PromoBanner } from "./components/promo-banner";
import { getCloudflare } from "./context.server";
import { couponCookie, isSecureRequest, readConsent, readPromoClosedAt, readTrialReminderClosedAt } from "./cookies.server";
import { TrialReminder } from "./components/trial-reminder";
import { SurveyBanner } from "./components/survey-banner";
import { surveyToAsk } from "./lib/onboarding-survey.server";
import { getDb } from "../db/client.server";
import { trialReminderFor } from "./lib/trial-reminder.server";
import { currentPhase } from "./lib/promotion.server";
import { FocusAfterRefusal } from "./components/focus-after-refusal";
import { refreshOf, type IslandData, type RouteHandle } from "./route-handle";
import { SEO_DESCRIPTION_TAGS, seoMeta } from "./seo";
import { getViewer, loadViewer, setViewer } from "./session.server";
import { navState } from "./lib/nav.server";
import { SESSION_WATCH_SCRIPT } from "./lib/session-watch";
import { adsForPage, configuredAds } from "./lib/ads.server";
import { readDevClient } from "./lib/dev-client.server";
import { AdUnitSlot } from "./components/ad-unit";
import { useNonce } from "./nonce";
import { flashMiddleware, takeFlash } from "./lib/flash.server";
import { FlashDialog } from "./components/flash-dialog";
import { ErrorPage } from "./components/error-page";

export const meta: Route.MetaFunction = () => seoMeta();

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** Loads who is asking once per request (guards read it) and applies the past-due rule (spec 01 §2). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const viewer = await loadViewer(request, context);
    setViewer(context, viewer);
    if (viewer?.pastDueTrial) {
      const refusal = pastDueRefusal(request);
      if (refusal) throw refusal;
    }
    return next();
  },
  // A `coupon` query value on any page is remembered for the session when it is a real coupon,
  // and dropped silently otherwise (spec 01 §2, §4).
  async ({ request }, next) => {
    const response = (await next()) as Response;
    const coupon = findCoupon(new URL(request.url).searchParams.get("coupon"));
    if (coupon) response.headers.append("set-cookie", await couponCookie.serialize(coupon.coupon, { secure: isSecureRequest(request) }));
    return response;
  },
  // Flash messages (domain/flash.ts): read once, cleared on the response that shows them.
  flashMiddleware,
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  const phase = currentPhase(getCloudflare(context).env);
  const promo = promoBannerVisible(phase, await readPromoClosedAt(request), Date.now())
    ? {
        title: phase === "cyber-monday" ? "Cyber Monday" : "Black Friday",
        landing: phase === "cyber-monday" ? "/app/cyber-monday-2024" : "/app/black-friday-2024",
        percent: findCoupon(SALE_COUPON_2024)?.percent_off ?? 0,
      }
    : null;
  const trialReminder = await trialReminderFor(getCloudflare(context).env, viewer, await readTrialReminderClosedAt(request));
  // The onboarding survey's banner (decision 032): one read, only for accounts that may be asked.
  const survey = await surveyToAsk(getDb(getCloudflare(context).env.DB), viewer);
  const consent = await readConsent(request);
  const nav = await navState(context, viewer, { url: new URL(request.url), params });
  const { env } = getCloudflare(context);
  // Ads for non-subscribers, after consent, never for a do-not-sell or strict-private choice (docs/decisions/041).
  const ads = adsForPage(configuredAds(env, await readDevClient(env, request)), { subscribed: nav.subscribed, ...consent });
  return {
    ...consent,
    ads,
    nav,
    promo,
    trialReminder,
    survey,
    impersonated: viewer?.session.impersonatedBy != null,
    /** Flash-message errors left for this load, shown in the Error dialog (spec 02 §2, §8). */
    flash: takeFlash(context),
  };
}

/**
 * Escape and a click elsewhere close open <details> popovers. The menus work without
 * JavaScript; this tiny inline script (not React, so pages without hydration get it too)
 * adds the keys.
 */
const POPOVER_SCRIPT = `(()=>{const close=(keep)=>document.querySelectorAll("details[data-popover][open]").forEach(d=>{if(!keep||keep(d))d.removeAttribute("open")});document.addEventListener("keydown",e=>{if(e.key==="Escape")close()});document.addEventListener("click",e=>close(d=>!d.contains(e.target)||e.target.closest("a")))})()`;

/**
 * How this page is enhanced: hydrated by React, or not (a route's `handle.hydrate === false`, or a
 * loader that answers with an `island` for this request: the URL of a small module script that
 * adds the page's JavaScript without React, decision 001). A route's island adds the route's part
 * only: when the shell around it has a part only React adds (the Create popover, the invitations
 * popover, the survey's modal), the page is hydrated (decision 048).
 */
function useEnhancement(data: ReturnType<typeof useRouteLoaderData<typeof loader>>): { hydrate: boolean; island: string | null } {
  const matches = useMatches();
  const routeIsland = matches.map((match) => islandOf(match.loaderData)).find((url) => url !== null) ?? null;
  const island = routeIsland !== null && !shellNeedsReact(data) ? routeIsland : null;
  // A page that ships no JavaScript is hydrated while it waits, to move on in place (decision 064).
  const hydrate =
    island === null &&
    !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false && refreshOf(match.loaderData) === null);
  return { hydrate, island };
}

function shellNeedsReact(data: ReturnType<typeof useRouteLoaderData<typeof loader>>): boolean {
  if (!data) return false;
  const signedIn = data.nav.user !== null;
  return data.survey !== null || (signedIn && (data.nav.canCreate || data.nav.invitations.length > 0));
}

function islandOf(data: unknown): string | null {
  const island = (data as Partial<IslandData> | null | undefined)?.island;
  return typeof island === "string" ? island : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { hydrate, island } = useEnhancement(data);
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {SEO_DESCRIPTION_TAGS.map((tag) => (
          <meta key={"name" in tag ? tag.name : tag.property} {...tag} />
        ))}
        <Meta />
        <Links />
      </head>
      {/* data-auth: who is signed in ("" for a guest), read by the session watcher; absent when unknown */}
      <body className="flex min-h-screen flex-col" data-auth={data ? (data.nav.user?.id ?? "") : undefined}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {data?.promo && !data.nav?.pastDueTrial ? <PromoBanner promo={data.promo} /> : null}
        <SiteHeader nav={data?.nav ?? null} />
        {data?.trialReminder ? <TrialReminder reminder={data.trialReminder} /> : null}
        {data?.survey ? <SurveyBanner survey={data.survey} impersonated={data.impersonated} /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {data?.flash.length ? <FlashDialog messages={data.flash} /> : null}
        {data?.ads.unit && !data.nav?.pastDueTrial ? <AdUnitSlot unit={data.ads.unit} nonce={nonce} /> : null}
        <SiteFooter doNotSell={data?.doNotSell ?? false} privacyManager={data?.ads.on ? { strictPrivate: data.strictPrivate } : null} />
        {data && !data.cookiesAccepted ? (
          <>
            {/* room below the footer, so the fixed banner never covers its links */}
            <div aria-hidden="true" className="h-36 sm:h-24" />
            <CookieBanner />
          </>
        ) : null}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: POPOVER_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SESSION_WATCH_SCRIPT }} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : island ? (
          <script type="module" src={island} nonce={nonce} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <FocusAfterRefusal />
      <Outlet />
    </>
  );
}

/** Errors of the root itself (its middleware or loader): the shell's boundary catches every page's. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
