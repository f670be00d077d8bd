/**
 * The navigation bar (spec 02 §2), rendered on the server from NavState for guests, signed-in
 * users, subscribers, developers, impersonation and the past-due trial. Menus are
 * <details data-popover> disclosures: they work without JavaScript, and the root's inline
 * script closes them on Escape and on a click elsewhere. Below md a 450px menu panel carries
 * the same items. Create opens the "Create Snip Link" popover (create-link-popover.tsx).
 */
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { PAST_DUE_PATH } from "../../domain/access";
import type { NavCurrentOrganization, NavOrganization, NavState, NavUser } from "../lib/nav.server";
import { CreateLinkButton } from "./create-link-popover";
import { InvitationsPopover } from "./organizations/invitations-popover";
import { FEATURE_PAGES } from "./feature-pages";

/** Where the bar's entries lead (spec 01 §2 route table). */
const PATHS = {
  home: "/",
  dashboard: "/dashboard",
  myUrls: "/app/my-urls",
  pricing: "/app/pricing",
  blog: "/app/blog",
  help: "/app/help",
  notifications: "/app/notifications",
  cart: "/app/shopping-cart",
  settings: "/app/settings",
  billing: "/app/settings/subscription",
  kiosk: "/app/kiosk",
  createOrganization: "/app/organizations/onboarding",
  register: "/app/register",
  login: "/app/login",
  logout: "/app/logout",
  stopImpersonating: "/app/api/stop-impersonating",
} as const;

/**
 * Entries whose pages do not exist yet stay hidden, so no entry leads to a 404 (issue 14). The
 * shopping-cart work turned on `cart` with /app/shopping-cart (decision 043); the organizations work (issue 16)
 * turned on `createOrganization` with /app/organizations/onboarding (tests/e2e/navigation.spec.ts
 * checks that every entry of the bar answers).
 */
const PAGE_READY: Readonly<Record<"cart" | "createOrganization", boolean>> = { cart: true, createOrganization: true };

const navLink = "rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900";
/** The signed-in bar has more entries: tighter at md, roomier from lg. */
const barLink =
  "shrink-0 whitespace-nowrap rounded-md px-2 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:px-3";
const barIconLink =
  "relative inline-flex h-9 min-w-9 shrink-0 items-center whitespace-nowrap justify-center gap-1.5 rounded-md px-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900";
const menuRow = "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900";
const menuHeading = "mt-3 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500";
const dropdownPanel = "absolute right-0 z-40 mt-2 rounded-xl border border-slate-200 bg-white p-2 shadow-xl";

// ---------------------------------------------------------------------------------------------
// Icons (24×24 outlines)
// ---------------------------------------------------------------------------------------------

const ICONS = {
  plus: "M12 4.5v15m7.5-7.5h-15",
  help: "M9.879 7.519c1.171-1.025 3.071-1.025 4.242 0 1.172 1.025 1.172 2.687 0 3.712-.203.179-.43.326-.67.442-.745.361-1.45.999-1.45 1.827v.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 5.25h.008v.008H12v-.008Z",
  bell: "M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0",
  cart: "M2.25 3h1.386c.51 0 .955.343 1.087.835l.383 1.437M7.5 14.25a3 3 0 0 0-3 3h15.75m-12.75-3h11.218c1.121-2.3 2.1-4.684 2.924-7.138a60.114 60.114 0 0 0-16.536-1.84M7.5 14.25 5.106 5.272M6 20.25a.75.75 0 1 1-1.5 0 .75.75 0 0 1 1.5 0Zm12.75 0a.75.75 0 1 1-1.5 0 .75.75 0 0 1 1.5 0Z",
  logout:
    "M15.75 9V5.25A2.25 2.25 0 0 0 13.5 3h-6a2.25 2.25 0 0 0-2.25 2.25v13.5A2.25 2.25 0 0 0 7.5 21h6a2.25 2.25 0 0 0 2.25-2.25V15m3 0 3-3m0 0-3-3m3 3H9",
  building:
    "M3.75 21h16.5M4.5 3h15M5.25 3v18m13.5-18v18M9 6.75h1.5m-1.5 3h1.5m-1.5 3h1.5m3-6H15m-1.5 3H15m-1.5 3H15M9 21v-3.375c0-.621.504-1.125 1.125-1.125h3.75c.621 0 1.125.504 1.125 1.125V21",
  kiosk:
    "M9 12.75 11.25 15 15 9.75m-3-7.036A11.959 11.959 0 0 1 3.598 6 11.99 11.99 0 0 0 3 9.749c0 5.592 3.824 10.29 9 11.623 5.176-1.332 9-6.03 9-11.622 0-1.31-.21-2.571-.598-3.751h-.152c-3.196 0-6.1-1.248-8.25-3.285Z",
  home: "m2.25 12 8.954-8.955c.44-.439 1.152-.439 1.591 0L21.75 12M4.5 9.75v10.125c0 .621.504 1.125 1.125 1.125H9.75v-4.875c0-.621.504-1.125 1.125-1.125h2.25c.621 0 1.125.504 1.125 1.125V21h4.125c.621 0 1.125-.504 1.125-1.125V9.75M8.25 21h8.25",
  dashboard:
    "M3 13.125C3 12.504 3.504 12 4.125 12h2.25c.621 0 1.125.504 1.125 1.125v6.75C7.5 20.496 6.996 21 6.375 21h-2.25A1.125 1.125 0 0 1 3 19.875v-6.75ZM9.75 8.625c0-.621.504-1.125 1.125-1.125h2.25c.621 0 1.125.504 1.125 1.125v11.25c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 0 1-1.125-1.125V8.625ZM16.5 4.125c0-.621.504-1.125 1.125-1.125h2.25C20.496 3 21 3.504 21 4.125v15.75c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 0 1-1.125-1.125V4.125Z",
  link: "M13.19 8.688a4.5 4.5 0 0 1 1.242 7.244l-4.5 4.5a4.5 4.5 0 0 1-6.364-6.364l1.757-1.757m13.35-.622 1.757-1.757a4.5 4.5 0 0 0-6.364-6.364l-4.5 4.5a4.5 4.5 0 0 0 1.242 7.244",
  billing:
    "M2.25 8.25h19.5M2.25 9h19.5m-16.5 5.25h6m-6 2.25h3m-3.75 3h15a2.25 2.25 0 0 0 2.25-2.25V6.75A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25v10.5A2.25 2.25 0 0 0 4.5 19.5Z",
  back: "M9 15 3 9m0 0 6-6M3 9h12a6 6 0 0 1 0 12h-3",
  sparkles:
    "M9.813 15.904 9 18.75l-.813-2.846a4.5 4.5 0 0 0-3.09-3.09L2.25 12l2.846-.813a4.5 4.5 0 0 0 3.09-3.09L9 5.25l.813 2.846a4.5 4.5 0 0 0 3.09 3.09L15.75 12l-2.846.813a4.5 4.5 0 0 0-3.09 3.09ZM18.259 8.715 18 9.75l-.259-1.035a3.375 3.375 0 0 0-2.455-2.456L14.25 6l1.036-.259a3.375 3.375 0 0 0 2.455-2.456L18 2.25l.259 1.035a3.375 3.375 0 0 0 2.456 2.456L21.75 6l-1.035.259a3.375 3.375 0 0 0-2.456 2.456Z",
  tag: "M9.568 3H5.25A2.25 2.25 0 0 0 3 5.25v4.318c0 .597.237 1.17.659 1.591l9.581 9.581c.699.699 1.78.872 2.607.33a18.095 18.095 0 0 0 5.223-5.223c.542-.827.369-1.908-.33-2.607L11.16 3.66A2.25 2.25 0 0 0 9.568 3ZM6 6h.008v.008H6V6Z",
  blog: "M12 7.5h1.5m-1.5 3h1.5m-7.5 3h7.5m-7.5 3h7.5m3-9h3.375c.621 0 1.125.504 1.125 1.125V18a2.25 2.25 0 0 1-2.25 2.25M16.5 7.5V18a2.25 2.25 0 0 0 2.25 2.25M16.5 7.5V4.875c0-.621-.504-1.125-1.125-1.125H4.125C3.504 3.75 3 4.254 3 4.875V18a2.25 2.25 0 0 0 2.25 2.25h13.5M6 7.5h3v3H6v-3Z",
  menu: "M4 6h16M4 12h16M4 18h16",
  cog: "M10.343 3.94c.09-.542.56-.94 1.11-.94h1.093c.55 0 1.02.398 1.11.94l.149.894c.07.424.384.764.78.93.398.164.855.142 1.205-.108l.737-.527a1.125 1.125 0 0 1 1.45.12l.773.774c.39.389.44 1.002.12 1.45l-.527.737c-.25.35-.272.806-.107 1.204.165.397.505.71.93.78l.893.15c.543.09.94.559.94 1.109v1.094c0 .55-.397 1.02-.94 1.11l-.894.149c-.424.07-.764.383-.929.78-.165.398-.143.854.107 1.204l.527.738c.32.447.269 1.06-.12 1.45l-.774.773a1.125 1.125 0 0 1-1.449.12l-.738-.527c-.35-.25-.806-.272-1.203-.107-.398.165-.71.505-.781.929l-.149.894c-.09.542-.56.94-1.11.94h-1.094c-.55 0-1.019-.398-1.11-.94l-.148-.894c-.071-.424-.384-.764-.781-.93-.398-.164-.854-.142-1.204.108l-.738.527c-.447.32-1.06.269-1.45-.12l-.773-.774a1.125 1.125 0 0 1-.12-1.45l.527-.737c.25-.35.272-.806.108-1.204-.165-.397-.506-.71-.93-.78l-.894-.15c-.542-.09-.94-.56-.94-1.109v-1.094c0-.55.398-1.02.94-1.11l.894-.149c.424-.07.765-.383.93-.78.165-.398.143-.854-.108-1.204l-.526-.738a1.125 1.125 0 0 1 .12-1.45l.773-.773a1.125 1.125 0 0 1 1.45-.12l.737.527c.35.25.807.272 1.204.107.397-.165.71-.505.78-.929l.15-.894ZM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z",
  users:
    "M18 18.72a9.094 9.094 0 0 0 3.741-.479 3 3 0 0 0-4.682-2.72m.94 3.198.001.031c0 .225-.012.447-.037.666A11.944 11.944 0 0 1 12 21c-2.17 0-4.207-.576-5.963-1.584A6.062 6.062 0 0 1 6 18.719m12 0a5.971 5.971 0 0 0-.941-3.197m0 0A5.995 5.995 0 0 0 12 12.75a5.995 5.995 0 0 0-5.058 2.772m0 0a3 3 0 0 0-4.681 2.72 8.986 8.986 0 0 0 3.74.477m.94-3.197a5.971 5.971 0 0 0-.94 3.197M15 6.75a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm6 3a2.25 2.25 0 1 1-4.5 0 2.25 2.25 0 0 1 4.5 0Zm-13.5 0a2.25 2.25 0 1 1-4.5 0 2.25 2.25 0 0 1 4.5 0Z",
  audit:
    "M9 12h3.75M9 15h3.75M9 18h3.75m3 .75H18a2.25 2.25 0 0 0 2.25-2.25V6.108c0-1.135-.845-2.098-1.976-2.192a48.424 48.424 0 0 0-1.123-.08m-5.801 0c-.065.21-.1.433-.1.664 0 .414.336.75.75.75h4.5a.75.75 0 0 0 .75-.75 2.25 2.25 0 0 0-.1-.664m-5.8 0A2.251 2.251 0 0 1 13.5 2.25H15c1.012 0 1.867.668 2.15 1.586m-5.8 0c-.376.023-.75.05-1.124.08C9.095 4.01 8.25 4.973 8.25 6.108V8.25m0 0H4.875c-.621 0-1.125.504-1.125 1.125v11.25c0 .621.504 1.125 1.125 1.125h9.75c.621 0 1.125-.504 1.125-1.125V9.375c0-.621-.504-1.125-1.125-1.125H8.25ZM6.75 12h.008v.008H6.75V12Zm0 3h.008v.008H6.75V15Zm0 3h.008v.008H6.75V18Z",
  lifebuoy:
    "M16.712 4.33a9.027 9.027 0 0 1 1.652 1.306c.51.51.944 1.064 1.306 1.652M16.712 4.33l-3.448 4.138m3.448-4.138a9.014 9.014 0 0 0-9.424 0M19.67 7.288l-4.138 3.448m4.138-3.448a9.014 9.014 0 0 1 0 9.424m-4.138-5.976a3.736 3.736 0 0 0-.88-1.388 3.737 3.737 0 0 0-1.388-.88m2.268 2.268a3.765 3.765 0 0 1 0 2.528m-2.268-4.796a3.765 3.765 0 0 0-2.528 0m4.796 4.796c-.181.506-.475.982-.88 1.388a3.736 3.736 0 0 1-1.388.88m2.268-2.268 4.138 3.448m0 0a9.027 9.027 0 0 1-1.306 1.652c-.51.51-1.064.944-1.652 1.306m0 0-3.448-4.138m3.448 4.138a9.014 9.014 0 0 1-9.424 0m5.976-4.138a3.765 3.765 0 0 1-2.528 0m0 0a3.736 3.736 0 0 1-1.388-.88 3.737 3.737 0 0 1-.88-1.388m2.268 2.268L7.288 19.67m0 0a9.024 9.024 0 0 1-1.652-1.306 9.027 9.027 0 0 1-1.306-1.652m0 0 4.138-3.448M4.33 16.712a9.014 9.014 0 0 1 0-9.424m4.138 5.976a3.765 3.765 0 0 1 0-2.528m0 0c.181-.506.475-.982.88-1.388a3.736 3.736 0 0 1 1.388-.88m-2.268 2.268L4.33 7.288m6.406 1.18L7.288 4.33m0 0a9.024 9.024 0 0 0-1.652 1.306A9.025 9.025 0 0 0 4.33 7.288",
  close: "M6 6l12 12M18 6L6 18",
} as const;

function Icon({ name, className = "h-5 w-5" }: { name: keyof typeof ICONS; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`${className} shrink-0 stroke-current`}
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

/** The logo: the homepage, or the past-due page while a trial is past due. */
export function Logo({ to = PATHS.home, compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link
      to={to}
      className="flex shrink-0 items-center gap-2 text-2xl font-extrabold tracking-tight text-indigo-600"
      aria-label="Snip home"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path
          d="M10 17.5a4.5 4.5 0 0 1 0-6.4l2.6-2.6a4.5 4.5 0 0 1 6.4 6.4l-1.2 1.2M22 14.5a4.5 4.5 0 0 1 0 6.4l-2.6 2.6a4.5 4.5 0 0 1-6.4-6.4l1.2-1.2"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      {/* the signed-in bar is crowded at md: the mark alone until lg */}
      <span className={compact ? "md:max-lg:hidden" : undefined}>Snip</span>
    </Link>
  );
}

function Avatar({ user, size = "h-8 w-8 text-xs" }: { user: NavUser; size?: string }) {
  if (user.photoUrl)
    return <img src={user.photoUrl} alt="" className={`${size} shrink-0 rounded-full object-cover ring-1 ring-slate-200`} />;
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-bold text-indigo-700`}
    >
      {user.initials}
    </span>
  );
}

/**
 * The unread dot. Rendered always (hidden when everything is read), so the root's refresh
 * script can show or hide it as notifications arrive.
 */
function UnreadDot({ unread, className }: { unread: boolean; className: string }) {
  return (
    <span data-unread-dot="" hidden={!unread} className={`${className} rounded-full bg-rose-500 ring-2 ring-white`}>
      <span className="sr-only">(unread)</span>
    </span>
  );
}

function CartCount({ count }: { count: number }) {
  return (
    <span
      data-testid="cart-count"
      className={`min-w-5 rounded-full px-1.5 text-center text-xs font-bold leading-5 ${count > 0 ? "bg-indigo-600 text-white" : "bg-slate-100 text-slate-600"}`}
    >
      {count}
    </span>
  );
}

/** Log out: a POST form, so it works without JavaScript and cannot be triggered by a link from elsewhere. */
function LogoutForm({ className, children }: { className: string; children: ReactNode }) {
  return (
    <form method="post" action={PATHS.logout}>
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}

/** My URLs (non-analytics users), Plans and Blog (non-subscribers) and Help: what a guest sees, desktop and mobile. */
function GuestLinks() {
  return (
    <>
      <Link to={PATHS.myUrls} className={navLink}>
        My URLs
      </Link>
      <Link to={PATHS.pricing} className={navLink}>
        Plans
      </Link>
      {/* an external redirect: a full page load, not a client-side navigation */}
      <Link to={PATHS.blog} className={navLink} reloadDocument>
        Blog
      </Link>
      {/* Help is for every viewer (spec 02 §2), the same target as a signed-in user's */}
      <Link to={PATHS.help} className={navLink} reloadDocument>
        Help
      </Link>
    </>
  );
}

/** A disclosure menu: works without JavaScript (<details>); Escape closes it (see root's script). */
function FeaturesMenu({ summaryClass = navLink }: { summaryClass?: string }) {
  return (
    <details className="popover relative" data-popover>
      <summary className={`${summaryClass} flex cursor-pointer list-none items-center gap-1`}>
        Features
        <Chevron />
      </summary>
      <div className={`${dropdownPanel} max-h-[265px] min-w-[200px] max-w-[265px] overflow-auto`}>
        {FEATURE_PAGES.map((page) => (
          <NavLink
            key={page.to}
            to={page.to}
            className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
          >
            {page.label}
          </NavLink>
        ))}
      </div>
    </details>
  );
}

function OrganizationList({ organizations, itemClass }: { organizations: NavOrganization[]; itemClass: string }) {
  if (organizations.length === 0) return <p className="px-3 py-2 text-sm text-slate-500">No organizations yet</p>;
  return (
    <ul aria-label="Organizations" className="max-h-[238px] overflow-auto">
      {organizations.map((organization) => (
        <li key={`${organization.name}|${organization.href}`}>
          <Link to={organization.href} className={itemClass}>
            {organization.name}
            {organization.archived ? <span className="ml-2 text-xs font-normal text-slate-500">(archived)</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The current organization's entries (spec 02 §2), each shown by permission: Organization Settings
 * and Team Settings lead to the first settings page the user may see, Audit Trail needs the audit
 * permission (or ownership), Helpdesk any part in the organization.
 */
function currentOrganizationEntries(current: NavCurrentOrganization | null) {
  if (!current) return [];
  const entries: { label: string; href: string; icon: keyof typeof ICONS }[] = [];
  if (current.settingsHref) entries.push({ label: "Organization Settings", href: current.settingsHref, icon: "cog" });
  if (current.teamSettingsHref) entries.push({ label: "Team Settings", href: current.teamSettingsHref, icon: "users" });
  if (current.auditHref) entries.push({ label: "Audit Trail", href: current.auditHref, icon: "audit" });
  if (current.helpdeskHref) entries.push({ label: "Helpdesk", href: current.helpdeskHref, icon: "lifebuoy" });
  return entries;
}

/** Developers: the organizations the user belongs to, the current organization's entries, and Create Organization. */
function OrganizationsMenu({ organizations, current }: { organizations: NavOrganization[]; current: NavCurrentOrganization | null }) {
  const entries = currentOrganizationEntries(current);
  return (
    <details className="popover relative" data-popover>
      <summary className={`${barLink} flex cursor-pointer list-none items-center gap-1`}>
        <Icon name="building" className="h-5 w-5 xl:hidden" />
        <span className="sr-only xl:not-sr-only">Organizations</span>
        <Chevron />
      </summary>
      <div className={`${dropdownPanel} w-72`}>
        <p className="px-3 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Organizations</p>
        <OrganizationList
          organizations={organizations}
          itemClass="block truncate rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
        />
        {current && entries.length > 0 ? (
          <div className="mt-1 border-t border-slate-100 pt-1" aria-label={current.name} role="group">
            <p className="truncate px-3 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">{current.name}</p>
            {entries.map((entry) => (
              <Link
                key={entry.label}
                to={entry.href}
                className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
              >
                <Icon name={entry.icon} className="h-4 w-4" />
                {entry.label}
              </Link>
            ))}
          </div>
        ) : null}
        {PAGE_READY.createOrganization ? (
          <div className="mt-1 border-t border-slate-100 pt-1">
            <Link
              to={PATHS.createOrganization}
              className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
            >
              <Icon name="plus" className="h-4 w-4" />
              Create Organization
            </Link>
          </div>
        ) : null}
      </div>
    </details>
  );
}

/** The impersonation strip: who is being impersonated, and the way back (a POST form). */
function ImpersonationBar({ user }: { user: NavUser }) {
  return (
    <div className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex h-10 max-w-6xl items-center justify-between gap-3 px-4 text-sm text-amber-900">
        <p className="min-w-0 truncate">
          Impersonating <strong className="font-semibold">{user.name}</strong>
        </p>
        <form method="post" action={PATHS.stopImpersonating}>
          <button
            type="submit"
            className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md bg-amber-500 px-3 py-1 text-sm font-semibold text-white hover:bg-amber-600"
          >
            <Icon name="back" className="h-4 w-4" />
            Back To My Account
          </button>
        </form>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Mobile menu
// ---------------------------------------------------------------------------------------------

/**
 * The 450px mobile menu: a disclosure under the header; its button turns into a close button.
 * The header's z-50 keeps the open panel above the cookie banner (z-40).
 */
function MobileMenu({ children, belowStrip = false }: { children: ReactNode; belowStrip?: boolean }) {
  return (
    <details className="popover group md:hidden" data-popover>
      <summary className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Menu">
        <Icon name="menu" className="h-6 w-6 group-open:hidden" />
        <Icon name="close" className="hidden h-6 w-6 group-open:block" />
      </summary>
      <nav
        aria-label="Mobile"
        className={`fixed bottom-0 right-0 z-50 flex w-full max-w-[450px] flex-col overflow-auto border-l border-t border-slate-200 bg-white shadow-2xl ${
          belowStrip ? "top-26" : "top-16"
        }`}
      >
        {children}
      </nav>
    </details>
  );
}

function GuestMobileMenu() {
  return (
    <MobileMenu>
      <div className="flex flex-col gap-1 p-4">
        <Link to={PATHS.home} className={navLink}>
          Home
        </Link>
        <GuestLinks />
        <p className={menuHeading}>Features</p>
        {FEATURE_PAGES.map((page) => (
          <Link key={page.to} to={page.to} className={navLink}>
            {page.label}
          </Link>
        ))}
        <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
          <Link to={PATHS.register} className="rounded-lg bg-indigo-600 px-4 py-2 text-center font-semibold text-white hover:bg-indigo-700">
            Create Account
          </Link>
          <Link
            to={PATHS.login}
            className="rounded-lg border border-slate-300 px-4 py-2 text-center font-semibold text-slate-800 hover:bg-slate-50"
          >
            Sign In
          </Link>
        </div>
      </div>
    </MobileMenu>
  );
}

function UserMobileMenu({ nav, user }: { nav: NavState; user: NavUser }) {
  const nonSubscriber = !nav.subscribed;
  return (
    <MobileMenu belowStrip={nav.impersonating}>
      <Link to={PATHS.settings} className="flex items-center gap-3 border-b border-slate-200 px-5 py-4 hover:bg-slate-50">
        <Avatar user={user} size="h-10 w-10 text-sm" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">{user.name}</span>
          <span className="block truncate text-xs text-slate-500">{user.email}</span>
        </span>
      </Link>
      <div className="flex flex-col gap-0.5 p-4">
        {nav.canCreate ? (
          <CreateLinkButton
            to={nav.createHref}
            className="mb-3 flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700"
          >
            <Icon name="plus" />
            Create
          </CreateLinkButton>
        ) : null}
        {nav.analytics ? (
          <Link to={PATHS.dashboard} className={menuRow}>
            <Icon name="dashboard" />
            Dashboard
          </Link>
        ) : (
          <>
            <Link to={PATHS.home} className={menuRow}>
              <Icon name="home" />
              Home
            </Link>
            <Link to={PATHS.myUrls} className={menuRow}>
              <Icon name="link" />
              My URLs
            </Link>
          </>
        )}
        <Link to={PATHS.notifications} className={menuRow}>
          <Icon name="bell" />
          Notifications
          <UnreadDot unread={nav.unread} className="h-2.5 w-2.5" />
        </Link>
        {PAGE_READY.cart && nav.cartCount !== null ? (
          <Link to={PATHS.cart} className={menuRow} aria-label={`Cart (${nav.cartCount})`}>
            <Icon name="cart" />
            Cart
            <CartCount count={nav.cartCount} />
          </Link>
        ) : null}
        <Link to={PATHS.billing} className={menuRow}>
          <Icon name="billing" />
          Billing
        </Link>
        <Link to={PATHS.help} className={menuRow} reloadDocument>
          <Icon name="help" />
          Help
        </Link>
        {nonSubscriber ? (
          <>
            <Link to={PATHS.pricing} className={menuRow}>
              <Icon name="tag" />
              Plans
            </Link>
            <Link to={PATHS.blog} className={menuRow} reloadDocument>
              <Icon name="blog" />
              Blog
            </Link>
          </>
        ) : null}
        {user.isDeveloper ? (
          <>
            <Link to={PATHS.kiosk} className={menuRow}>
              <Icon name="kiosk" />
              Kiosk
            </Link>
            <p className={menuHeading}>Organizations</p>
            <OrganizationList organizations={nav.organizations} itemClass={menuRow} />
            {currentOrganizationEntries(nav.currentOrganization).map((entry) => (
              <Link key={entry.label} to={entry.href} className={menuRow}>
                <Icon name={entry.icon} />
                {entry.label}
              </Link>
            ))}
            {PAGE_READY.createOrganization ? (
              <Link to={PATHS.createOrganization} className={`${menuRow} text-indigo-700`}>
                <Icon name="plus" />
                Create Organization
              </Link>
            ) : null}
          </>
        ) : null}
        {nonSubscriber ? (
          <>
            <p className={menuHeading}>Features</p>
            {FEATURE_PAGES.map((page) => (
              <Link key={page.to} to={page.to} className={`${menuRow} font-medium`}>
                {page.label}
              </Link>
            ))}
          </>
        ) : null}
      </div>
      <div className="mt-auto flex flex-col gap-2 border-t border-slate-200 p-4">
        {nav.analytics ? null : (
          <Link
            to={PATHS.pricing}
            className="flex items-center justify-center gap-2 rounded-lg bg-linear-to-r from-indigo-600 to-violet-600 px-4 py-2.5 font-semibold text-white hover:from-indigo-700 hover:to-violet-700"
          >
            <Icon name="sparkles" />
            Upgrade Now
          </Link>
        )}
        <LogoutForm className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
          <Icon name="logout" />
          Log out
        </LogoutForm>
      </div>
    </MobileMenu>
  );
}

/** The outcome of answering an invitation with a plain form (no JavaScript), under the bar. */
function InvitationNotice({ notice }: { notice: NonNullable<NavState["invitationNotice"]> }) {
  const tone = notice.tone === "success" ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-red-200 bg-red-50 text-red-700";
  return (
    <div className={`border-t ${tone}`}>
      <p role={notice.tone === "success" ? "status" : "alert"} className="mx-auto max-w-6xl px-4 py-2 text-sm font-semibold">
        {notice.text}
      </p>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The bars
// ---------------------------------------------------------------------------------------------

function Bar({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">{children}</div>;
}

function GuestHeader() {
  return (
    <header className="sticky top-0 z-50 border-b border-slate-200 bg-white">
      <Bar>
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <GuestLinks />
          <FeaturesMenu />
          <Link
            to={PATHS.register}
            className="ml-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Sign Up
          </Link>
          <Link to={PATHS.login} className="rounded-lg px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50">
            Sign In
          </Link>
        </nav>
        <GuestMobileMenu />
      </Bar>
    </header>
  );
}

/** A past-due trial: only the logo (to the past-due page) and Log out. */
function PastDueHeader() {
  return (
    <header className="sticky top-0 z-50 border-b border-slate-200 bg-white">
      <Bar>
        <Logo to={PAST_DUE_PATH} />
        <nav aria-label="Main" className="flex items-center">
          <LogoutForm className={`${barIconLink} px-3`}>
            <Icon name="logout" />
            Log out
          </LogoutForm>
        </nav>
      </Bar>
    </header>
  );
}

function UserHeader({ nav, user }: { nav: NavState; user: NavUser }) {
  const nonSubscriber = !nav.subscribed;
  /** A developer without a subscription has the most entries: at md the logo and Create drop their words. */
  const crowded = user.isDeveloper && nonSubscriber;
  return (
    <header className="sticky top-0 z-50 border-b border-slate-200 bg-white">
      {nav.impersonating ? <ImpersonationBar user={user} /> : null}
      <Bar>
        <Logo compact={crowded} />
        <nav aria-label="Main" className="hidden items-center gap-0.5 md:flex lg:gap-1">
          {nav.canCreate ? (
            <CreateLinkButton
              to={nav.createHref}
              className="mr-1 inline-flex h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg bg-indigo-600 px-2.5 text-sm font-semibold text-white hover:bg-indigo-700 lg:px-3"
            >
              <Icon name="plus" className="h-4 w-4" />
              <span className={crowded ? "sr-only lg:not-sr-only" : undefined}>Create</span>
            </CreateLinkButton>
          ) : null}
          {nav.analytics ? (
            <Link to={PATHS.dashboard} className={barLink}>
              Dashboard
            </Link>
          ) : (
            <Link to={PATHS.myUrls} className={barLink}>
              My URLs
            </Link>
          )}
          {nonSubscriber ? (
            <>
              <Link to={PATHS.pricing} className={barLink}>
                Plans
              </Link>
              <Link to={PATHS.blog} className={barLink} reloadDocument>
                Blog
              </Link>
              <FeaturesMenu summaryClass={barLink} />
            </>
          ) : null}
          {user.isDeveloper ? (
            <>
              <OrganizationsMenu organizations={nav.organizations} current={nav.currentOrganization} />
              <Link to={PATHS.kiosk} className={barIconLink} title="Kiosk">
                <Icon name="kiosk" className="h-5 w-5 lg:hidden" />
                <span className="sr-only lg:not-sr-only">Kiosk</span>
              </Link>
            </>
          ) : null}
          <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-200" />
          <Link to={PATHS.help} className={barIconLink} reloadDocument title="Help">
            <Icon name="help" />
            <span className="sr-only">Help</span>
          </Link>
          <Link to={PATHS.notifications} className={barIconLink} title="Notifications">
            <Icon name="bell" />
            <span className="sr-only">Notifications</span>
            <UnreadDot unread={nav.unread} className="absolute right-1.5 top-1.5 h-2.5 w-2.5" />
          </Link>
          <InvitationsPopover
            invitations={nav.invitations}
            returnTo={nav.returnTo}
            initiallyOpen={nav.invitationsOpen}
            summaryClass={barIconLink}
          />
          {PAGE_READY.cart && nav.cartCount !== null ? (
            <Link to={PATHS.cart} className={barIconLink} title="Cart" aria-label={`Cart (${nav.cartCount})`}>
              <Icon name="cart" />
              <CartCount count={nav.cartCount} />
            </Link>
          ) : null}
          <Link
            to={PATHS.settings}
            title={user.email}
            className={`ml-1 flex shrink-0 items-center gap-2 rounded-full p-0.5 hover:bg-slate-100 ${crowded ? "2xl:pr-3" : "xl:pr-3"}`}
          >
            <Avatar user={user} />
            <span
              className={`sr-only max-w-40 truncate text-sm font-semibold text-slate-800 ${crowded ? "2xl:not-sr-only" : "xl:not-sr-only"}`}
            >
              {user.name}
            </span>
          </Link>
          <LogoutForm className={barIconLink}>
            <Icon name="logout" className="h-5 w-5 lg:hidden" />
            <span className="sr-only lg:not-sr-only">Log out</span>
          </LogoutForm>
        </nav>
        <div className="flex items-center gap-1 md:hidden">
          <Link to={PATHS.notifications} className={barIconLink} title="Notifications">
            <Icon name="bell" className="h-6 w-6" />
            <span className="sr-only">Notifications</span>
            <UnreadDot unread={nav.unread} className="absolute right-1.5 top-1.5 h-2.5 w-2.5" />
          </Link>
          <InvitationsPopover
            invitations={nav.invitations}
            returnTo={nav.returnTo}
            initiallyOpen={false}
            summaryClass={barIconLink}
            placement="-right-12"
          />
          <UserMobileMenu nav={nav} user={user} />
        </div>
      </Bar>
      {nav.invitationNotice ? <InvitationNotice notice={nav.invitationNotice} /> : null}
    </header>
  );
}

/** The navigation bar for whoever is asking (spec 02 §2). */
export function SiteHeader({ nav }: { nav: NavState | null }) {
  const user = nav?.user;
  if (!nav || !user) return <GuestHeader />;
  if (nav.pastDueTrial) return <PastDueHeader />;
  return <UserHeader nav={nav} user={user} />;
}
