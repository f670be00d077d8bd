/** Building blocks of the settings pages: the page heading and titled cards. */
import type { ReactNode } from "react";

export function SettingsHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-2 text-sm leading-6 text-slate-600">{lead}</p> : null}
    </header>
  );
}

export function SettingsCard({
  title,
  description,
  id,
  tone = "default",
  children,
}: {
  title: string;
  description?: ReactNode;
  id?: string;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${tone === "danger" ? "border-red-200" : "border-slate-200"}`}
    >
      <h2 id={headingId} className={`text-lg font-bold ${tone === "danger" ? "text-red-700" : "text-slate-900"}`}>
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm leading-6 text-slate-600">{description}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The compact primary button of a settings card (the auth pages' button is full width). */
export const settingsButton =
  "rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70";

export const settingsSecondaryButton =
  "rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 shadow-sm transition hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70";

export const settingsDangerButton =
  "rounded-lg bg-red-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-red-700 disabled:cursor-wait disabled:opacity-70";

/** Dates in the settings pages: fixed format and zone, so the server and the browser agree. */
const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DATE_TIME.format(new Date(iso))} UTC</time>;
}
