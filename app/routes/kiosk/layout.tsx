/** /app/kiosk (L and developer): the staff area. Its default child is users. */
import { NavLink, Outlet } from "react-router";
import { requireKioskViewer } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Kiosk | Snip" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireKioskViewer(request, context);
  return null;
}

const KIOSK_NAV: [to: string, label: string][] = [
  ["/app/kiosk/users", "Users"],
  ["/app/kiosk/announcements", "Announcements"],
  ["/app/kiosk/surveys", "Surveys"],
  ["/app/kiosk/helpdesk", "Helpdesk"],
  ["/app/kiosk/ips", "Blocked addresses"],
  ["/app/kiosk/password_dictionary", "Password dictionary"],
  // Trust and safety (decision 036)
  ["/app/kiosk/aliases", "Aliases"],
  ["/app/kiosk/long-urls", "Long URLs"],
  ["/app/kiosk/banned_domains", "Banned domains"],
  ["/app/kiosk/access-invitations", "Access invitations"],
  // Stats, domains and Cloudflare (decision 045)
  ["/app/kiosk/stats/system", "System stats"],
  ["/app/kiosk/stats/snip", "Snip stats"],
  ["/app/kiosk/domains", "Domains"],
  ["/app/kiosk/cloudflare/zones", "Cloudflare"],
];

export default function Kiosk() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center gap-4">
        <h1 className="text-2xl font-extrabold text-slate-900">Kiosk</h1>
        <nav aria-label="Kiosk" className="flex flex-wrap gap-1">
          {KIOSK_NAV.map(([to, label]) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                `rounded-md px-3 py-1.5 text-sm font-semibold ${isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {label}
            </NavLink>
          ))}
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
