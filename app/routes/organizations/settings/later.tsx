/**
 * Organization settings pages that later issues fill (spec 01 §2: profile/sso, profile/domains,
 * profile/subscription and its success, cancel and update pages, profile/payment). Each is guarded
 * by its permission like the finished pages and says what it will hold; none shows made-up data.
 */
import type { ActionOf } from "../../../../domain/permissions";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/later";

type Page = { action: ActionOf<"organization">; title: string; lead: string; holds: string };

const SUBSCRIPTION = "organization.subscription" as const;

/** By the path after settings/profile/. */
function pageFor(tail: string): Page {
  if (tail === "sso")
    return {
      action: "organization.sso",
      title: "SSO",
      lead: "Single sign-on for the organization's people.",
      holds:
        "Here the organization will connect its OpenID Connect identity provider (issuer, client id and secret), choose which email domains sign in through it, and require it for its users.",
    };
  if (tail === "domains")
    return {
      action: "organization.domains",
      title: "Organization Domains",
      lead: "Branded domains shared by the organization's teams.",
      holds:
        "Here the organization will add and verify its branded domains, choose which teams may use each one (or all teams), and see each domain's state. No domains can be added yet.",
    };
  if (tail === "subscription")
    return {
      action: SUBSCRIPTION,
      title: "Subscription",
      lead: "The organization's plan.",
      holds: "Here the organization's plan will show, with its limits and overage, and the plans it can switch to, monthly or yearly.",
    };
  if (tail === "subscription/success")
    return {
      action: SUBSCRIPTION,
      title: "Subscription",
      lead: "After a checkout.",
      holds: "This page will confirm a completed checkout of the organization's plan.",
    };
  if (tail === "subscription/cancel")
    return {
      action: SUBSCRIPTION,
      title: "Subscription",
      lead: "After a cancelled checkout.",
      holds: "This page will say that a checkout of the organization's plan was cancelled and nothing was charged.",
    };
  if (tail.startsWith("subscription/update/"))
    return {
      action: SUBSCRIPTION,
      title: "Change subscription",
      lead: "Switching the organization's plan or billing interval.",
      holds: "This page will show the price of the chosen plan and interval and ask to confirm the switch.",
    };
  return {
    action: SUBSCRIPTION,
    title: "Payment Method",
    lead: "How the organization pays.",
    holds: "Here the organization's card or other payment method will show, with a way to replace it.",
  };
}

export async function loader(args: Route.LoaderArgs) {
  const tail = new URL(args.request.url).pathname.split("/settings/profile/")[1] ?? "";
  const page = pageFor(tail);
  await requireOrganizationAccess(args, page.action);
  return { title: page.title, lead: page.lead, holds: page.holds };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Organization"} | Snip` }];

export default function Later({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title={loaderData.title} lead={loaderData.lead} />
      <SettingsCard title="Coming soon" description="This part of the organization settings is not available yet.">
        <p className="text-sm leading-6 text-slate-700">{loaderData.holds}</p>
      </SettingsCard>
    </>
  );
}
