/**
 * The single sign-on flow of the app (issue 17, docs/decisions/034): starting (the email's verified
 * domain names the organization; its provider's authorization URL; the pending cookie) and the
 * callback (every protocol check in app/lib/sso/oidc.server.ts, the email inside the organization's
 * verified domains, the account found or created, the membership of a first sign-in, a normal
 * session, the landing page). What grants access comes from D1 and the provider's verified answer,
 * never from the browser: the organization travels in the encrypted cookie, not in a parameter.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { getDb } from "../../../db/client.server";
import { listTeams, loadStanding } from "../../../db/organizations.server";
import { deleteUserSession } from "../../../db/sessions.server";
import { ensureSsoMembership, findSsoOrganizationByDomain, findSsoOrganizationById, type SsoOrganization } from "../../../db/sso.server";
import { findUserIdByEmail, markEmailVerified } from "../../../db/users.server";
import { safeReturnPath } from "../../../domain/return-path";
import { emailDomain, emailInDomains, SSO_CALLBACK_PATH, SSO_MESSAGES, ssoLanding } from "../../../domain/sso";
import { getCloudflare } from "../../context.server";
import { isLocalDev, type AppEnv } from "../../env.server";
import { mailLinkOrigin } from "../../mail.server";
import { getAuth, getViewer } from "../../session.server";
import { attempt, forwardCookies } from "../auth-flow.server";
import { beginLogin, finishLogin, SsoFailure, type SsoProvider } from "./oidc.server";
import { clearPendingCookie, pendingCookie, readPending, SSO_PENDING_SECONDS } from "./pending.server";
import { decryptWithAuthSecret } from "./secret.server";

type Context = Readonly<RouterContextProvider>;

export const SSO_ERRORS = {
  failed: SSO_MESSAGES.failed,
  expired: SSO_MESSAGES.expired,
  outside: SSO_MESSAGES.outsideDomains,
  unverified: SSO_MESSAGES.emailUnverified,
  unavailable: SSO_MESSAGES.notConfigured,
  "other-account": SSO_MESSAGES.otherAccount,
} as const;
export type SsoError = keyof typeof SSO_ERRORS;

export function ssoErrorPath(error: SsoError): string {
  return `/app/login/sso?error=${error}`;
}

/** The redirect URI registered at the provider: the configured public origin (local runs: the request's). */
export function ssoRedirectUri(env: AppEnv, request: Request): string | null {
  const origin = mailLinkOrigin(env, new URL(request.url).origin);
  return origin ? `${origin}${SSO_CALLBACK_PATH}` : null;
}

async function providerOf(env: AppEnv, organization: SsoOrganization): Promise<SsoProvider | null> {
  const clientSecret = await decryptWithAuthSecret(env.AUTH_SECRET, organization.clientSecret);
  return clientSecret ? { issuer: organization.issuer, clientId: organization.clientId, clientSecret } : null;
}

/** The organization that signs this email in, when its domain is verified and SSO configured (and the organization not archived). */
export async function ssoOrganizationForEmail(env: AppEnv, email: string): Promise<SsoOrganization | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const organization = await findSsoOrganizationByDomain(getDb(env.DB), domain);
  return organization && !organization.archived ? organization : null;
}

/**
 * Starts a sign-in for this email: a redirect to the organization's provider with the pending
 * cookie, or a message for the form. `userId`: the signed-in user it is for (the team login page).
 */
export async function startSso(
  request: Request,
  context: Context,
  input: { email: string; to: string | null; userId: string | null },
): Promise<{ ok: true; response: Response } | { ok: false; message: string }> {
  const { env } = getCloudflare(context);
  const organization = await ssoOrganizationForEmail(env, input.email);
  if (!organization) return { ok: false, message: SSO_MESSAGES.noProvider };
  const provider = await providerOf(env, organization);
  const redirectUri = ssoRedirectUri(env, request);
  if (!provider || !redirectUri) {
    console.error(`sso: organization ${organization.slug} cannot start (${provider ? "no APP_ORIGIN" : "client secret unreadable"})`);
    return { ok: false, message: SSO_MESSAGES.notConfigured };
  }
  let begun: Awaited<ReturnType<typeof beginLogin>>;
  try {
    begun = await beginLogin(provider, redirectUri, { allowHttp: isLocalDev(env), loginHint: input.email });
  } catch (error) {
    console.error(`sso: discovery for ${organization.slug} failed`, error instanceof SsoFailure ? error.cause : error);
    return { ok: false, message: SSO_MESSAGES.notConfigured };
  }
  const cookie = await pendingCookie(env.AUTH_SECRET, {
    ...begun.pending,
    organizationId: organization.organizationId,
    to: input.to ? safeReturnPath(input.to, "") || null : null,
    userId: input.userId,
    expiresAt: Date.now() + SSO_PENDING_SECONDS * 1000,
  });
  return { ok: true, response: redirect(begun.url, { headers: { "set-cookie": cookie } }) };
}

function fail(error: SsoError): never {
  throw redirect(ssoErrorPath(error), { headers: { "set-cookie": clearPendingCookie() } });
}

/** The callback: completes the sign-in or sends the browser to the SSO page with the reason. */
export async function completeSso(request: Request, context: Context): Promise<Response> {
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const pending = await readPending(env.AUTH_SECRET, request);
  if (!pending) fail("expired");
  const organization = await findSsoOrganizationById(db, pending.organizationId);
  if (!organization || organization.archived) fail("unavailable");
  const provider = await providerOf(env, organization);
  if (!provider) fail("unavailable");

  let identity: Awaited<ReturnType<typeof finishLogin>>;
  try {
    identity = await finishLogin(provider, new URL(request.url), pending, { allowHttp: isLocalDev(env) });
  } catch (error) {
    console.warn(
      `sso: callback for ${organization.slug} refused:`,
      error instanceof SsoFailure ? `${error.message}: ${String(error.cause)}` : error,
    );
    fail("failed");
  }
  if (identity.emailVerified === false) fail("unverified");
  // The verified domains as they are now (a domain removed since the start no longer signs in).
  if (!emailInDomains(identity.email, organization.verifiedDomains)) fail("outside");

  const auth = getAuth(request, context);
  const authContext = await auth.$context;
  const found = await authContext.internalAdapter.findUserByEmail(identity.email, { includeAccounts: false });
  let user = found?.user ?? null;
  if (user && (user as { banned?: boolean | null }).banned) fail("failed");
  const viewer = getViewer(context);
  const expectedUserId = pending.userId ?? viewer?.user.id ?? null;
  if (expectedUserId !== null && user?.id !== expectedUserId) fail("other-account");
  if (!user) {
    user = await authContext.internalAdapter.createUser(
      {
        email: identity.email,
        name: identity.name ?? identity.email.split("@")[0]!,
        emailVerified: true,
      },
      { method: "sso-oidc", sso: { providerId: organization.slug } },
    );
  } else if (!user.emailVerified) {
    await markEmailVerified(db, user.id, identity.email);
  }
  const membership = await ensureSsoMembership(
    db,
    { id: organization.organizationId, ownerUserId: organization.ownerUserId, defaultRoleId: organization.defaultRoleId },
    { id: user.id, email: identity.email },
  );
  if (membership === "no-role") fail("unavailable");

  const signedIn = await attempt(() =>
    auth.api.ssoSignIn({
      body: { userId: user.id, organizationId: organization.organizationId },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!signedIn.ok) throw new Error(`sso: session not created: ${signedIn.error.code}`);
  // The session this browser had (the team login page's) gives way to the new one.
  if (viewer) await deleteUserSession(db, viewer.user.id, viewer.session.id);

  const standing = await loadStanding(db, user.id, {
    id: organization.organizationId,
    ownerUserId: organization.ownerUserId,
    archived: organization.archived,
  });
  const teams = await listTeams(db, organization.organizationId);
  const firstTeam = teams.find((team) => !team.archived && standing.teams.some((member) => member.teamId === team.id));
  const landing =
    pending.to ??
    ssoLanding(organization.slug, {
      isOwner: organization.ownerUserId === user.id,
      permissions: standing.permissions,
      firstTeamSlug: firstTeam?.slug ?? null,
    });
  const headers = forwardCookies(signedIn.value.headers);
  headers.append("set-cookie", clearPendingCookie());
  return redirect(landing, { headers });
}

/**
 * Password sign-in of an account whose email domain an organization has verified and requires
 * SSO for: refused (the organization's owner excepted, so a broken provider cannot lock the
 * organization out). Decided from D1 before the password is checked.
 */
export async function passwordSignInRefused(env: AppEnv, email: string): Promise<boolean> {
  const organization = await ssoOrganizationForEmail(env, email);
  if (!organization?.required || !emailInDomains(email, organization.verifiedDomains)) return false;
  const userId = await findUserIdByEmail(getDb(env.DB), email);
  return userId === null || userId !== organization.ownerUserId;
}
