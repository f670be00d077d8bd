/**
 * The frame of an organization's team settings pages: the organization's name, the team settings
 * links of spec 01 §6 (as `teamSettingsLinks` shows them) beside the page. On small screens the
 * links are a horizontal, scrollable list above the page.
 */
import type { ReactNode } from "react";
import { SideNavFrame, SideNavGroup } from "../side-nav";

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
      {/* Spec 01 §6: Team settings show for owners, admins in any team, or users with visible links. */}
      <SideNavFrame
        label="Team settings"
        nav={
          <SideNavGroup
            heading="Team Settings"
            testId="team-settings-links"
            end
            links={links.map((link) => ({ label: link.label, to: link.href }))}
          />
        }
      >
        {children}
      </SideNavFrame>
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
