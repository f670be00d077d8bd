/**
 * The service flags of a plan (support, dedicated_manager, emergency_phone, uptime_guarantee),
 * shown where they apply (issue 20): what the subscriber's plan includes, with the way to use it.
 */
import { can, type Subject } from "./entitlements";
import type { FeatureFlag } from "./plans";

export interface PlanService {
  flag: FeatureFlag;
  title: string;
  detail: string;
  /** Where to use it (a same-site path), when there is a place. */
  href: string | null;
  action: string | null;
}

const SERVICES: readonly PlanService[] = [
  {
    flag: "support",
    title: "Email support",
    detail: "Ask the support team by email through the helpdesk; answers within one business day.",
    href: "/app/helpdesk",
    action: "Contact support",
  },
  {
    flag: "dedicated_manager",
    title: "Dedicated account manager",
    detail: "A named manager for your account: write through the helpdesk and your request goes to them.",
    href: "/app/helpdesk",
    action: "Contact your manager",
  },
  {
    flag: "emergency_phone",
    title: "Emergency phone line",
    detail: "A phone line for outages, around the clock; its number is in your enterprise agreement.",
    href: "/app/enterprise-terms",
    action: "Enterprise terms",
  },
  {
    flag: "uptime_guarantee",
    title: "99.9% uptime guarantee",
    detail: "Service credits if redirects or the API fall below 99.9% in a month.",
    href: "/app/service-level-agreement",
    action: "Service level agreement",
  },
];

/** The services the subject's plan (or own flags) include, in a fixed order. */
export function planServices(subject: Subject): PlanService[] {
  return SERVICES.filter((service) => can(subject, service.flag));
}
