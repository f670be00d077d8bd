/**
 * One counter against its limit, as a labelled progress bar (the team usage page; the same look as
 * the account usage page's meters). Browser-safe, no state.
 */
export interface Meter {
  id: string;
  label: string;
  hint: string;
  used: number;
  /** null = unlimited; 0 = not included in the plan. */
  limit: number | null;
}

export const NUMBER = new Intl.NumberFormat("en-US");

function percentOf(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

export function UsageMeter({ meter, notIncluded = "Not included in your plan." }: { meter: Meter; notIncluded?: string }) {
  const labelId = `usage-${meter.id}`;
  const unlimited = meter.limit === null;
  const percent = meter.limit === null ? 0 : percentOf(meter.used, meter.limit);
  const barColor = percent >= 100 ? "bg-red-500" : percent >= 80 ? "bg-amber-500" : "bg-indigo-600";
  return (
    <li className="py-5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={labelId} className="font-semibold text-slate-900">
          {meter.label}
        </p>
        <p className="text-sm text-slate-700" data-testid={`${meter.id}-figure`}>
          <strong className="text-slate-900">{NUMBER.format(meter.used)}</strong>
          {unlimited ? " of Unlimited" : ` of ${NUMBER.format(meter.limit!)}`}
        </p>
      </div>
      <p className="mt-0.5 text-xs text-slate-500">{meter.limit === 0 ? notIncluded : meter.hint}</p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={unlimited ? undefined : (meter.limit ?? undefined)}
        aria-valuenow={unlimited ? undefined : meter.used}
        aria-valuetext={
          unlimited ? `${NUMBER.format(meter.used)} used, unlimited` : `${NUMBER.format(meter.used)} of ${NUMBER.format(meter.limit!)}`
        }
        className="mt-3 h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${unlimited ? "bg-emerald-500/40" : barColor}`}
          style={{ width: unlimited ? "100%" : `${percent}%` }}
        />
      </div>
    </li>
  );
}
