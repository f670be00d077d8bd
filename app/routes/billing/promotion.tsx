/**
 * The promotion landing pages (spec 01 §2): /app/black-friday-2024 and /app/cyber-monday-2024.
 * What they offer depends on the phase (spec 01 §4): upcoming, live, or over.
 */
import { Link } from "react-router";
import { SALE_COUPON_2024, findCoupon } from "../../../domain/coupons";
import { phaseWindows, type PromotionPhase } from "../../../domain/promotion";
import { getCloudflare } from "../../context.server";
import { configuredPromotion, currentPhase } from "../../lib/promotion.server";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/promotion";
import { pagePathname } from "../../lib/page-url";

export const handle: RouteHandle = { hydrate: false };

const PAGES = {
  "/app/black-friday-2024": { title: "Black Friday", phase: "black-friday" },
  "/app/cyber-monday-2024": { title: "Cyber Monday", phase: "cyber-monday" },
} as const satisfies Record<string, { title: string; phase: PromotionPhase }>;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Sale"} sale | Snip` }];

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const page = PAGES[pagePathname(request) as keyof typeof PAGES] ?? PAGES["/app/black-friday-2024"];
  const window = phaseWindows(configuredPromotion(env)).find((w) => w.phase === page.phase)!;
  const phase = currentPhase(env);
  const now = Date.now();
  const status = phase === page.phase ? "live" : now < window.startsAt.getTime() ? "upcoming" : "over";
  const percent = findCoupon(SALE_COUPON_2024)?.percent_off ?? 0;
  return {
    title: page.title,
    status,
    percent,
    coupon: SALE_COUPON_2024,
    startsAt: `${DATE.format(window.startsAt)} UTC`,
    endsAt: window.endsAt ? `${DATE.format(window.endsAt)} UTC` : null,
  } as const;
}

export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { title, status, percent, coupon } = loaderData;
  return (
    <div className="bg-gradient-to-b from-slate-900 to-indigo-950 text-white">
      <div className="mx-auto max-w-3xl px-4 py-20 text-center">
        <p className="text-sm font-bold uppercase tracking-widest text-amber-300">{title} sale</p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{percent}% off every yearly plan</h1>
        {status === "live" ? (
          <>
            <p className="mt-6 text-lg text-indigo-100">
              Until {loaderData.endsAt}. The code <strong className="text-white">{coupon}</strong> is applied for you at checkout.
            </p>
            <Link
              to={`/app/pricing?interval=yearly&coupon=${coupon}`}
              className="mt-10 inline-block rounded-xl bg-amber-400 px-8 py-4 text-lg font-bold text-slate-900 hover:bg-amber-300"
            >
              Get the deal
            </Link>
          </>
        ) : status === "upcoming" ? (
          <p className="mt-6 text-lg text-indigo-100">The sale starts on {loaderData.startsAt}. Come back then, or see the plans now.</p>
        ) : (
          <p className="mt-6 text-lg text-indigo-100">This sale has ended. Thank you to everyone who joined!</p>
        )}
        {status === "live" ? null : (
          <Link
            to="/app/pricing"
            className="mt-10 inline-block rounded-xl border border-white/40 px-8 py-4 text-lg font-bold hover:bg-white/10"
          >
            See the plans
          </Link>
        )}
      </div>
    </div>
  );
}
