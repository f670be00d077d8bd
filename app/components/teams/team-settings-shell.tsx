/**
 * The frame of an organization's team settings pages: the organization's name, the team settings
 * links of spec 01 §6 (as `teamSettingsLinks` shows them) beside the page. On small screens the
 * links are a horizontal, scrollable list above the page.
 */
import type { ReactNode } from "react";
import { NavLink } from "react-router";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition ${
    isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

export function TeamSettingsShell({
  organization,
  links,
  children,
}: {
  organization: { name: string; slug: string; archived: boolean };
  links: readonly { label: string; href: string }[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <p className="mb-4 text-sm font-semibold text-slate-500">
        {organization.name}
        {organization.archived ? <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-800">Archived</span> : null}
      </p>
      <div className="flex flex-col gap-6 md:flex-row md:gap-10">
        <aside className="md:w-56 md:shrink-0">
          <nav aria-label="Team settings" className="md:sticky md:top-24">
            {/* Spec 01 §6: Team settings show for owners, admins in any team, or users with visible links. */}
            {links.length > 0 ? (
              <div data-testid="team-settings-links">
                <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:block">Team Settings</p>
                <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0">
                  {links.map((link) => (
                    <li key={link.href}>
                      <NavLink to={link.href} end className={linkClass}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </nav>
        </aside>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}

/** A small label beside a team's name. */
export function Badge({ tone = "slate", children }: { tone?: "slate" | "amber" | "indigo" | "emerald"; children: ReactNode }) {
  const colors = {
    slate: "bg-slate-100 text-slate-700",
    amber: "bg-amber-100 text-amber-800",
    indigo: "bg-indigo-100 text-indigo-800",
    emerald: "bg-emerald-100 text-emerald-800",
  }[tone];
  return <span className={`ml-2 inline-block rounded px-2 py-0.5 align-middle text-xs font-semibold ${colors}`}>{children}</span>;
}

export const selectClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100";
