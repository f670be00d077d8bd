/**
 * The settings-style frame shared by the account settings, the organization settings, the team
 * settings and the team area: a sidebar of link groups beside the page. On small screens the
 * sidebar is a horizontal, scrollable row above the page and the group headings are hidden.
 */
import type { ReactNode } from "react";
import { NavLink } from "react-router";

export interface SideNavLink {
  label: string;
  to: string;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition ${
    isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

/** The page beside its sidebar; `label` names the navigation landmark. */
export function SideNavFrame({ label, nav, children }: { label: string; nav: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6 md:flex-row md:gap-10">
      <aside className="md:w-56 md:shrink-0">
        <nav aria-label={label} className="md:sticky md:top-24">
          {nav}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/**
 * One group of sidebar links under an optional heading. A group with no link renders nothing, so
 * no heading ever stands over an empty list (spec 01 §6: a settings group shows only when one of
 * its links does). `end` makes a link active on its own path only, not on the pages under it.
 */
export function SideNavGroup({
  heading,
  links,
  end = false,
  spaced = false,
  testId,
}: {
  heading?: string;
  links: readonly SideNavLink[];
  end?: boolean;
  /** Set on a group that follows another: it keeps its distance from the one above. */
  spaced?: boolean;
  testId?: string;
}) {
  if (links.length === 0) return null;
  return (
    <div data-testid={testId} className={spaced ? "mt-1 md:mt-6" : undefined}>
      {heading ? <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:block">{heading}</p> : null}
      <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={end} className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
