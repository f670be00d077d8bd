/** The sale banner at the top of every page during Black Friday and Cyber Monday. */
import { Link, useLocation } from "react-router";

export interface PromoBannerState {
  title: string;
  landing: string;
  percent: number;
}

export function PromoBanner({ promo }: { promo: PromoBannerState }) {
  const location = useLocation();
  return (
    <section aria-label="Sale" className="bg-slate-900 text-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 text-sm">
        <p>
          <strong className="text-amber-300">{promo.title}:</strong> {promo.percent}% off yearly plans.{" "}
          <Link to={promo.landing} className="font-semibold underline">
            See the deal
          </Link>
        </p>
        <form method="post" action="/app/api/promo/close">
          <input type="hidden" name="to" value={location.pathname + location.search} />
          <button type="submit" aria-label="Close the sale banner" className="rounded px-2 py-1 text-lg leading-none hover:bg-white/10">
            ×
          </button>
        </form>
      </div>
    </section>
  );
}
