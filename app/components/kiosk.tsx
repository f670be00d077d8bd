/** Building blocks of the kiosk pages (decision 032): cards, the staff log, tables. */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { DateTime } from "./settings";

export function KioskCard({
  title,
  id,
  description,
  children,
}: {
  title: string;
  id: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm leading-6 text-slate-600">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export interface StaffLogEntry {
  id: number;
  at: string;
  staff: string;
  action: string;
  target: string | null;
}

/** Every staff action of the page's area, newest first (issue 19 "Every staff action is written to an audit log"). */
export function StaffLog({ rows }: { rows: StaffLogEntry[] }) {
  return (
    <KioskCard title="Staff log" id="staff-log" description="Who changed what here, newest first.">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No staff actions yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Staff log">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4">When</th>
                <th className="py-2 pr-4">Staff</th>
                <th className="py-2 pr-4">Action</th>
                <th className="py-2">On</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <DateTime iso={row.at} />
                  </td>
                  <td className="py-2 pr-4">{row.staff}</td>
                  <td className="py-2 pr-4">{row.action}</td>
                  <td className="py-2 break-all">{row.target ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </KioskCard>
  );
}

export const kioskInput =
  "w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100";

export const kioskSmallButton =
  "rounded-md border border-slate-300 bg-white px-3 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50";
export const kioskSmallDanger = "rounded-md border border-red-300 bg-white px-3 py-1 text-xs font-semibold text-red-700 hover:bg-red-50";

/** Turns a survey on as the onboarding survey, or off (a plain post; the action is app/lib/kiosk/surveys.server.ts). */
export function OnboardingToggle({ survey }: { survey: { id: string; title: string; onboarding: boolean } }) {
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="survey" value={survey.id} />
      {survey.onboarding ? (
        <>
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">On</span>
          <button type="submit" name="intent" value="onboarding-off" className={kioskSmallButton} aria-label={`Turn off ${survey.title}`}>
            Turn off
          </button>
        </>
      ) : (
        <button type="submit" name="intent" value="onboarding-on" className={kioskSmallButton} aria-label={`Turn on ${survey.title}`}>
          Turn on
        </button>
      )}
    </Form>
  );
}
