/**
 * Domain purchase and organizations (docs/decisions/053): when the cart is refused, and when a
 * bought domain may move to an organization. Pure rules; the server loads every fact from D1.
 */

/**
 * Spec 01 §5: the cart is refused 'Permission denied' "unless the common domains data is the base
 * one". It is not the base one while the user works in a team (team mode on with a current team:
 * the domains then are the team's), and the base one may buy only with the plan's
 * purchase_branded_domains flag. "team" comes first: switching back to the account is the way out.
 */
export type CartRefusal = "team" | "plan";

export function cartRefusal(facts: { readonly teamMode: boolean; readonly mayPurchase: boolean }): CartRefusal | null {
  if (facts.teamMode) return "team";
  if (!facts.mayPurchase) return "plan";
  return null;
}

/** What the cart's refusal says beside 'Permission denied'. */
export const CART_REFUSAL_TEXTS = {
  team: "Domains are bought on your personal account. You are working in a team now: switch back to your account to use the cart.",
  switchToAccount: "Switch to your account",
} as const;

/** The facts of one domain as the move to an organization sees them, read from D1. */
export interface MoveFacts {
  /** The domain's owning workspace (null: an organization's) and the mover's personal workspace. */
  readonly domainWorkspaceId: string | null;
  readonly personalWorkspaceId: string;
  /** A registered line of one of the mover's own domain orders names this host. */
  readonly boughtByMover: boolean;
  /** The mover holds `organization.domains` in the target organization now. */
  readonly holdsPermission: boolean;
  /** The target organization is archived. */
  readonly organizationArchived: boolean;
}

/**
 * Why a move is refused, or null: "not-found" (someone else's domain, an organization's already, or
 * one that was not bought through an order of the mover: 404, nothing said about it), "forbidden"
 * (the mover may not add the organization's domains, or it is archived: 403).
 */
export function moveRefusal(facts: MoveFacts): "not-found" | "forbidden" | null {
  if (!facts.holdsPermission || facts.organizationArchived) return "forbidden";
  if (facts.domainWorkspaceId === null || facts.domainWorkspaceId !== facts.personalWorkspaceId) return "not-found";
  if (!facts.boughtByMover) return "not-found";
  return null;
}

export const MOVE_TEXTS = {
  button: (organization: string) => `Move to organization ${organization}`,
  moved: "The domain has been moved to the organization. Its links keep redirecting.",
  cardTitle: "Move to an organization",
  cardDescription:
    "The domain becomes the organization's: its teams can use it once Team Domains or “Use for all teams” allows them. Links already on it stay in your account and keep redirecting. Its renewal stays on your account.",
} as const;
