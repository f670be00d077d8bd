/** The trial reminder: a soft banner, or a hard dialog on the last day. Closing is a plain form. */
import { Link, useLocation } from "react-router";

export function TrialReminder({ reminder }: { reminder: { kind: "hard" | "soft"; daysLeft: number } }) {
  const location = useLocation();
  const close = (
    <form method="post" action="/app/api/trial-reminder/close">
      <input type="hidden" name="to" value={location.pathname + location.search} />
      <button type="submit" className="rounded-lg px-3 py-1.5 text-sm font-semibold hover:bg-black/5">
        Remind me later
      </button>
    </form>
  );
  const text =
    reminder.kind === "hard"
      ? "Your free trial ends in less than a day. Add a payment method to keep your plan."
      : `Your free trial ends in ${reminder.daysLeft} ${reminder.daysLeft === 1 ? "day" : "days"}. Add a payment method to keep your plan.`;
  const action = (
    <Link to="/app/pricing" className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700">
      Add Payment Method
    </Link>
  );
  if (reminder.kind === "soft") {
    return (
      <section aria-label="Trial reminder" className="border-b border-amber-200 bg-amber-50 text-amber-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm">
          <p>{text}</p>
          <div className="flex items-center gap-2">
            {action}
            {close}
          </div>
        </div>
      </section>
    );
  }
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/50 p-4">
      <dialog open aria-labelledby="trial-reminder-title" className="relative m-0 max-w-md rounded-2xl bg-white p-6 shadow-2xl">
        <h2 id="trial-reminder-title" className="text-xl font-bold text-slate-900">
          Your trial is ending
        </h2>
        <p className="mt-3 text-slate-700">{text}</p>
        <div className="mt-6 flex justify-end gap-2">
          {close}
          {action}
        </div>
      </dialog>
    </div>
  );
}
