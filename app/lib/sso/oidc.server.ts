/**
 * The OpenID Connect relying party of single sign-on (docs/decisions/034), through openid-client:
 * discovery from the organization's issuer, the authorization code flow with PKCE (S256), state
 * and nonce, and the callback's checks (state, the `iss` response parameter where the provider
 * announces it, the code exchange with the client secret, the ID token's issuer, audience, nonce
 * and expiry). Plain http issuers only in local runs. No I/O besides the provider's endpoints.
 */
import * as client from "openid-client";
import { isNonPublicHost } from "../../../domain/webhooks";

export type SsoProvider = { readonly issuer: string; readonly clientId: string; readonly clientSecret: string };
export type OidcOptions = {
  /** Local runs only (LOCAL_DEV, from how the process started): allow an http issuer. */
  readonly allowHttp: boolean;
};

/** What the browser's cookie keeps between the redirect to the provider and the callback. */
export type PendingLogin = { readonly state: string; readonly nonce: string; readonly verifier: string };

export type VerifiedIdentity = {
  readonly subject: string;
  readonly email: string;
  readonly emailVerified: boolean | null;
  readonly name: string | null;
};

export class SsoFailure extends Error {
  override name = "SsoFailure";
  constructor(
    readonly reason: "discovery" | "callback" | "claims",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export async function discover(provider: SsoProvider, options: OidcOptions): Promise<client.Configuration> {
  const issuer = new URL(provider.issuer);
  if (issuer.protocol !== "https:" && !(options.allowHttp && issuer.protocol === "http:"))
    throw new SsoFailure("discovery", "the issuer must use https");
  // Local runs (allowHttp) may use a provider on the loopback address; nothing else private.
  const local = { localDev: options.allowHttp === true };
  if (isNonPublicHost(issuer.hostname, local)) throw new SsoFailure("discovery", "the issuer is not a public address");
  let config: client.Configuration;
  try {
    config = await client.discovery(
      issuer,
      provider.clientId,
      provider.clientSecret,
      client.ClientSecretPost(provider.clientSecret),
      options.allowHttp && issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
  } catch (error) {
    throw new SsoFailure("discovery", `discovery of ${provider.issuer} failed`, { cause: error });
  }
  // The document names the endpoints the server calls next (the code exchange posts the client
  // secret): they must be public addresses too.
  const metadata = config.serverMetadata();
  for (const endpoint of [metadata.token_endpoint, metadata.jwks_uri, metadata.userinfo_endpoint]) {
    if (endpoint === undefined) continue;
    let host: string;
    try {
      host = new URL(endpoint).hostname;
    } catch {
      throw new SsoFailure("discovery", `the issuer names an invalid endpoint ${endpoint}`);
    }
    if (isNonPublicHost(host, local))
      throw new SsoFailure("discovery", `the issuer names an endpoint that is not a public address: ${endpoint}`);
  }
  return config;
}

/** The provider's authorization URL for a new sign-in, and what the callback will need. */
export async function beginLogin(
  provider: SsoProvider,
  redirectUri: string,
  options: OidcOptions & { readonly loginHint?: string },
): Promise<{ url: string; pending: PendingLogin }> {
  const config = await discover(provider, options);
  const verifier = client.randomPKCECodeVerifier();
  const pending: PendingLogin = { state: client.randomState(), nonce: client.randomNonce(), verifier };
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: pending.state,
    nonce: pending.nonce,
  };
  if (options.loginHint) parameters.login_hint = options.loginHint;
  return { url: client.buildAuthorizationUrl(config, parameters).href, pending };
}

/**
 * Completes a sign-in from the callback URL the browser arrived on: every check of the code flow,
 * then the ID token's claims. Throws SsoFailure on any mismatch (a wrong state, a reused or expired
 * code, a response or token from another issuer).
 */
export async function finishLogin(
  provider: SsoProvider,
  callbackUrl: URL,
  pending: PendingLogin,
  options: OidcOptions,
): Promise<VerifiedIdentity> {
  const config = await discover(provider, options);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new SsoFailure("callback", "the authorization response or the code exchange was refused", { cause: error });
  }
  const claims = tokens.claims();
  if (!claims || claims.iss !== config.serverMetadata().issuer) throw new SsoFailure("claims", "the ID token is not from the issuer");
  // The email in the ID token, or (providers that keep scope claims out of it) from UserInfo, whose subject must match.
  let profile: Record<string, unknown> = claims;
  if (typeof claims.email !== "string") {
    try {
      profile = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    } catch (error) {
      throw new SsoFailure("claims", "the UserInfo request failed", { cause: error });
    }
  }
  const email = typeof profile.email === "string" ? profile.email.trim().toLowerCase() : "";
  if (!email) throw new SsoFailure("claims", "the provider gave no email");
  const emailVerified = typeof profile.email_verified === "boolean" ? profile.email_verified : null;
  const name = typeof profile.name === "string" && profile.name.trim() ? profile.name.trim().slice(0, 100) : null;
  return { subject: claims.sub, email, emailVerified, name };
}
