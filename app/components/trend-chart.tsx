/**
 * A per-day bar chart for the kiosk's figures (issue 19 stats pages, decision 045): the analytics
 * page's chart style (app/routes/analytics.tsx: round y axis, UTC labels, a summary for screen
 * readers and the figures as a hidden table), for any one series of days.
 */
const NUMBER = new Intl.NumberFormat("en-US");
const DAY_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const CHART = { width: 720, height: 200, left: 44, right: 8, top: 12, bottom: 30 };

/** A round upper bound for the y axis: 1, 2 or 5 times a power of ten, at least 1. */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export interface TrendPoint {
  /** YYYY-MM-DD (UTC). */
  day: string;
  value: number;
}

export function TrendChart({
  points,
  label,
  units,
  testId,
}: {
  points: TrendPoint[];
  label: string;
  /** What the figures count, one and many: ["link", "links"]. */
  units: readonly [string, string];
  testId?: string;
}) {
  const plotW = CHART.width - CHART.left - CHART.right;
  const plotH = CHART.height - CHART.top - CHART.bottom;
  const max = niceMax(Math.max(...points.map((p) => p.value), 0));
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => CHART.top + plotH - (v / max) * plotH;
  const labelEvery = Math.ceil(points.length / 8);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const dayName = (day: string) => DAY_LABEL.format(new Date(`${day}T00:00:00Z`));
  const summary = `${label} per day, last ${points.length} days: ${NUMBER.format(total)} ${total === 1 ? units[0] : units[1]} in total.`;
  return (
    <figure>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary} className="h-auto w-full" data-testid={testId}>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={CHART.left} x2={CHART.width - CHART.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" strokeWidth={1} />
            <text x={CHART.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
              {Number.isInteger(tick) ? NUMBER.format(tick) : ""}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = CHART.left + i * slot + (slot - barW) / 2;
          return (
            <g key={p.day}>
              <title>{`${dayName(p.day)}: ${NUMBER.format(p.value)} ${p.value === 1 ? units[0] : units[1]}`}</title>
              {p.value > 0 ? (
                <rect x={x} y={y(p.value)} width={barW} height={y(0) - y(p.value)} rx={2} className="fill-indigo-600" />
              ) : null}
              {i % labelEvery === 0 ? (
                <text x={CHART.left + i * slot + slot / 2} y={CHART.height - 10} textAnchor="middle" className="fill-slate-500 text-[11px]">
                  {dayName(p.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-xs text-slate-600">{summary} Days in UTC.</figcaption>
      <table className="sr-only">
        <caption>{label} per day (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{label}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <th scope="row">{p.day}</th>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** One figure with where it comes from (issue 19: "Say in the page where a figure comes from"). */
export function Figure({ label, value, source }: { label: string; value: string; source: string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4" role="group" aria-label={label}>
      <div className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</div>
      <div
        className="mt-1 text-2xl font-extrabold text-slate-900"
        data-testid={`figure-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`}
      >
        {value}
      </div>
      <div className="mt-1 text-xs text-slate-500">{source}</div>
    </div>
  );
}

export const formatNumber = (n: number) => NUMBER.format(n);
