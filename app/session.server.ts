/**
 * Who is asking: the viewer (session, user, subscription, plan) loaded once per request by the
 * root middleware, and the guards of spec 01 §2 (L, G, V, D) that throw redirects, so loaders
 * and actions read top to bottom.
 */
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "../db/client.server";
import { flashRedirect } from "./lib/flash.server";
import { getUserSubscriptions } from "../db/accounts.server";
import type { Subject } from "../domain/entitlements";
import { FEATURE_FLAGS, type FeatureFlag } from "../domain/plans";
import { isActive, isPastDueTrial, isSubscribed, type Subscription } from "../domain/subscription";
import { createAuth, type Auth } from "./auth.server";
import { getCloudflare } from "./context.server";
import { pageUrl } from "./lib/page-url";

export interface ViewerUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  isDeveloper: boolean;
  status: number;
  features: FeatureFlag[];
  twoFactorEnabled: boolean;
  lastReadAnnouncementsAt: Date | null;
  /** Spec 01 §3 isSurveyEnabled: the account may be asked the onboarding survey (decision 032). */
  surveyEnabled: boolean;
  /** Staff terminated the account for violating the terms (decision 036). */
  terminated: boolean;
  createdAt: Date;
}

export interface Viewer {
  user: ViewerUser;
  session: {
    id: string;
    token: string;
    createdAt: Date;
    impersonatedBy: string | null;
    passwordConfirmedAt: Date | null;
    /** The organization whose identity provider signed this session in (single sign-on, decision 034). */
    ssoOrganizationId: string | null;
  };
  subscription: Subscription | null;
  futureSubscription: Subscription | null;
  /** What the entitlement functions in domain/entitlements.ts are asked about. */
  subject: Subject;
  subscribed: boolean;
  pastDueTrial: boolean;
}

const viewerContext = createContext<Viewer | null>(null);
const authContext = createContext<Auth | null>(null);

type Context = Readonly<RouterContextProvider>;

/** The request's better-auth instance (built once per request, for the request's origin). */
export function getAuth(request: Request, context: Context): Auth {
  const cached = context.get(authContext);
  if (cached) return cached;
  const auth = createAuth(getCloudflare(context).env, new URL(request.url).origin);
  (context as RouterContextProvider).set(authContext, auth);
  return auth;
}

/**
 * The plan in force (the current subscription while active), the entitlement subject and
 * whether the user counts as subscribed: the same for a session's viewer and an API token's owner.
 */
export function planInForce(current: Subscription | null, features: FeatureFlag[], now = new Date()) {
  const inForce = current && isActive(current, now) ? current : null;
  const subject: Subject = { plan: inForce?.name ?? "free", userFeatures: features };
  return { inForce, subject, subscribed: isSubscribed(inForce) };
}

export function parseFeatures(json: unknown): FeatureFlag[] {
  try {
    const list = typeof json === "string" ? (JSON.parse(json) as unknown) : [];
    return Array.isArray(list) ? list.filter((flag): flag is FeatureFlag => (FEATURE_FLAGS as readonly string[]).includes(flag)) : [];
  } catch {
    return [];
  }
}

/** Reads the session cookie; null for guests (and for expired or revoked sessions). */
export async function loadViewer(request: Request, context: Context): Promise<Viewer | null> {
  if (!request.headers.get("cookie")?.includes("snip_session")) return null;
  const result = await getAuth(request, context).api.getSession({ headers: request.headers, query: { disableRefresh: false } });
  if (!result) return null;
  const { user, session } = result;
  const { current, future } = await getUserSubscriptions(getDb(getCloudflare(context).env.DB), user.id);
  const features = parseFeatures(user.features);
  const { inForce, subject, subscribed } = planInForce(current, features);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image ?? null,
      isDeveloper: user.isDeveloper === true,
      status: user.status ?? 0,
      features,
      twoFactorEnabled: user.twoFactorEnabled === true,
      lastReadAnnouncementsAt: user.lastReadAnnouncementsAt ?? null,
      surveyEnabled: user.surveyEnabled === true,
      terminated: user.terminatedAt != null,
      createdAt: user.createdAt,
    },
    session: {
      id: session.id,
      token: session.token,
      createdAt: session.createdAt,
      impersonatedBy: session.impersonatedBy ?? null,
      passwordConfirmedAt: session.passwordConfirmedAt ?? null,
      ssoOrganizationId: session.ssoOrganizationId ?? null,
    },
    subscription: inForce,
    futureSubscription: future,
    subject,
    subscribed,
    pastDueTrial: inForce !== null && isPastDueTrial(inForce),
  };
}

export function setViewer(context: Context, viewer: Viewer | null): void {
  (context as RouterContextProvider).set(viewerContext, viewer);
}

export function getViewer(context: Context): Viewer | null {
  return context.get(viewerContext);
}

/** The path and query of the request, as the `to` value of the login redirect. */
export function requestTarget(request: Request): string {
  // The page, not the single-fetch request of a client-side navigation to it (app/lib/page-url.ts).
  const url = pageUrl(request);
  return url.pathname + url.search;
}

export function loginRedirect(request: Request): Response {
  return redirect(`/app/login?to=${encodeURIComponent(requestTarget(request))}`);
}

/** L: login required, otherwise to login with the target in `to`. */
export function requireUser(request: Request, context: Context): Viewer {
  const viewer = getViewer(context);
  if (!viewer) throw loginRedirect(request);
  return viewer;
}

/** G: guests only; a logged-in user goes to the homepage. */
export function requireGuest(context: Context): void {
  if (getViewer(context)) throw redirect("/");
}

/** L and V: a verified email or a paid subscription, otherwise to email verification. */
export function requireVerified(request: Request, context: Context): Viewer {
  const viewer = requireUser(request, context);
  if (!viewer.user.emailVerified && !viewer.subscribed) throw redirect("/app/email/verify");
  return viewer;
}

/** L and D: developers only, otherwise the homepage, which says why (a flash message). */
export function requireDeveloper(request: Request, context: Context): Viewer {
  const viewer = requireUser(request, context);
  if (!viewer.user.isDeveloper) throw flashRedirect(request, "/", "developer-only");
  return viewer;
}
