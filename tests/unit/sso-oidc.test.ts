/**
 * The single sign-on relying party (app/lib/sso/oidc.server.ts, openid-client) against a real
 * OpenID provider (oidc-provider, tests/stubs/oidc-server.ts) started here on loopback ports:
 * discovery, the code flow with PKCE, state and nonce through the provider's own login and
 * consent pages, and the refusals: a wrong state or nonce, a reused or expired code, an answer
 * from another provider (its `iss` parameter, and an ID token whose issuer is not the one
 * configured). The app's domain rule beside it (domain/sso.ts). The session at the end of the
 * flow is asserted end to end (tests/e2e/sso.spec.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beginLogin, discover, finishLogin, SsoFailure, type PendingLogin, type SsoProvider } from "../../app/lib/sso/oidc.server";
import { checkIssuer, emailInDomains, parseDomainList, SSO_MESSAGES, ssoLanding } from "../../domain/sso";
import { startOidcProvider, type OidcStub } from "../stubs/oidc-server";

const REDIRECT_URI = "http://localhost:65500/app/login/sso/callback";
const CLIENT = { client_id: "snip-test", client_secret: "snip-test-secret-0123456789abcdef" };
const LOCAL = { allowHttp: true };

let idp: OidcStub;
let other: OidcStub;
let shortLived: OidcStub;
let mixUp: Server;
let mixUpIssuer: string;

const providerAt = (issuer: string): SsoProvider => ({ issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret });

/** A browser of sorts: follows redirects with its cookies, fills the provider's login and consent forms, stops at the redirect URI. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      if (value.join("=")) jar.set(name!.trim(), value.join("="));
      else jar.delete(name!.trim());
    }
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT_URI)) return next;
      url = next;
      init = {};
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) throw new Error(`no form at ${url.href}: ${response.status} ${html.slice(0, 200)}`);
    const fields = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*name="([^"]+)"(?:[^>]*value="([^"]*)")?[^>]*>/g))
      fields.set(input[1]!, input[2] ?? "");
    if (fields.has("login")) fields.set("login", login);
    if (fields.has("password")) fields.set("password", "any password");
    url = new URL(form[1]!.replace(/&amp;/g, "&"), url);
    init = { method: "POST", body: fields.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } };
  }
  throw new Error("the provider never redirected back");
}

beforeAll(async () => {
  const clients = [{ ...CLIENT, redirect_uris: [REDIRECT_URI] }];
  [idp, other, shortLived] = await Promise.all([
    startOidcProvider({ clients }),
    startOidcProvider({ clients }),
    startOidcProvider({ clients, codeTtlSeconds: 1 }),
  ]);
  // A provider that calls itself one issuer but whose authorization and token endpoints are the
  // other provider's: its ID tokens carry the other issuer.
  const otherMetadata = (await (await fetch(`${other.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
  mixUp = createServer((req, res) => {
    if (req.url === "/.well-known/openid-configuration") {
      const metadata = { ...otherMetadata, issuer: mixUpIssuer, authorization_response_iss_parameter_supported: false };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(metadata));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => mixUp.listen(0, "127.0.0.1", resolve));
  mixUpIssuer = `http://127.0.0.1:${(mixUp.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([idp?.close(), other?.close(), shortLived?.close(), new Promise((resolve) => mixUp?.close(resolve))]);
});

describe("discovery", () => {
  it("reads the provider's configuration from its issuer", async () => {
    const config = await discover(providerAt(idp.issuer), LOCAL);
    expect(config.serverMetadata().issuer).toBe(idp.issuer);
    expect(config.serverMetadata().token_endpoint).toBe(`${idp.issuer}/token`);
  });

  it("refuses an http issuer outside local runs, and an issuer that is not the provider's", async () => {
    await expect(discover(providerAt(idp.issuer), { allowHttp: false })).rejects.toBeInstanceOf(SsoFailure);
    // The configuration document names another issuer than the one asked.
    await expect(discover(providerAt(`${idp.issuer}/other`), LOCAL)).rejects.toBeInstanceOf(SsoFailure);
  });
});

describe("the authorization code flow with PKCE", () => {
  it("signs in through the provider's login and consent pages and returns the verified email", async () => {
    const { url, pending } = await beginLogin(providerAt(idp.issuer), REDIRECT_URI, { ...LOCAL, loginHint: "ann@acme.test" });
    const authorization = new URL(url);
    expect(authorization.origin + authorization.pathname).toBe(`${idp.issuer}/auth`);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorization.searchParams.get("state")).toBe(pending.state);
    expect(authorization.searchParams.get("nonce")).toBe(pending.nonce);
    expect(authorization.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);

    const callback = await signInAtProvider(url, "Ann@Acme.test");
    expect(callback.searchParams.get("iss")).toBe(idp.issuer);
    const identity = await finishLogin(providerAt(idp.issuer), callback, pending, LOCAL);
    expect(identity).toMatchObject({ email: "ann@acme.test", emailVerified: true, subject: "Ann@Acme.test" });
  });

  it("refuses a callback whose state is not this browser's", async () => {
    const { url, pending } = await beginLogin(providerAt(idp.issuer), REDIRECT_URI, LOCAL);
    const callback = await signInAtProvider(url, "ann@acme.test");
    const forged: PendingLogin = { ...pending, state: "another-state" };
    await expect(finishLogin(providerAt(idp.issuer), callback, forged, LOCAL)).rejects.toMatchObject({ reason: "callback" });
  });

  it("refuses an ID token whose nonce is not this sign-in's", async () => {
    const { url, pending } = await beginLogin(providerAt(idp.issuer), REDIRECT_URI, LOCAL);
    const callback = await signInAtProvider(url, "ann@acme.test");
    await expect(finishLogin(providerAt(idp.issuer), callback, { ...pending, nonce: "another-nonce" }, LOCAL)).rejects.toBeInstanceOf(
      SsoFailure,
    );
  });

  it("refuses a code exchanged without this sign-in's PKCE verifier", async () => {
    const { url, pending } = await beginLogin(providerAt(idp.issuer), REDIRECT_URI, LOCAL);
    const callback = await signInAtProvider(url, "ann@acme.test");
    const other = await beginLogin(providerAt(idp.issuer), REDIRECT_URI, LOCAL);
    await expect(
      finishLogin(providerAt(idp.issuer), callback, { ...pending, verifier: other.pending.verifier }, LOCAL),
    ).rejects.toMatchObject({
      reason: "callback",
    });
  });

  it("refuses a code used a second time", async () => {
    const { url, pending } = await beginLogin(providerAt(idp.issuer), REDIRECT_URI, LOCAL);
    const callback = await signInAtProvider(url, "ann@acme.test");
    await expect(finishLogin(providerAt(idp.issuer), callback, pending, LOCAL)).resolves.toMatchObject({ email: "ann@acme.test" });
    await expect(finishLogin(providerAt(idp.issuer), callback, pending, LOCAL)).rejects.toMatchObject({ reason: "callback" });
  });

  it("refuses an expired code", async () => {
    const { url, pending } = await beginLogin(providerAt(shortLived.issuer), REDIRECT_URI, LOCAL);
    const callback = await signInAtProvider(url, "ann@acme.test");
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect(finishLogin(providerAt(shortLived.issuer), callback, pending, LOCAL)).rejects.toMatchObject({ reason: "callback" });
  });
});

describe("answers from another provider", () => {
  it("refuses an authorization response issued by another provider (the iss parameter)", async () => {
    const { url, pending } = await beginLogin(providerAt(idp.issuer), REDIRECT_URI, LOCAL);
    // The same request, sent to the other provider (a mix-up): its answer names itself.
    const swapped = new URL(url);
    const otherAuth = new URL(`${other.issuer}/auth${swapped.search}`);
    const callback = await signInAtProvider(otherAuth.href, "ann@acme.test");
    expect(callback.searchParams.get("iss")).toBe(other.issuer);
    await expect(finishLogin(providerAt(idp.issuer), callback, pending, LOCAL)).rejects.toMatchObject({ reason: "callback" });
    // Without the parameter, the other provider's code is unknown to the configured one.
    callback.searchParams.delete("iss");
    await expect(finishLogin(providerAt(idp.issuer), callback, pending, LOCAL)).rejects.toMatchObject({ reason: "callback" });
  });

  it("refuses an ID token from another issuer than the configured one", async () => {
    const { url, pending } = await beginLogin(providerAt(mixUpIssuer), REDIRECT_URI, LOCAL);
    expect(new URL(url).origin).toBe(other.issuer);
    const callback = await signInAtProvider(url, "ann@acme.test");
    callback.searchParams.delete("iss");
    const refusal = await finishLogin(providerAt(mixUpIssuer), callback, pending, LOCAL).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SsoFailure);
    // The ID token's issuer claim is the one refused.
    expect(String((refusal as SsoFailure).cause)).toMatch(/unexpected JWT claim value/);
    const processing = ((refusal as SsoFailure).cause as { cause?: { code?: string; cause?: { claim?: string } } }).cause;
    expect(processing?.code).toBe("OAUTH_JWT_CLAIM_COMPARISON_FAILED");
    expect(processing?.cause?.claim).toBe("iss");
  });
});

describe("the app's rules around the flow (domain/sso.ts)", () => {
  it("signs in only emails of the verified domains, exactly", () => {
    const verified = ["acme.test"];
    expect(emailInDomains("ann@acme.test", verified)).toBe(true);
    expect(emailInDomains("ANN@ACME.TEST", verified)).toBe(true);
    expect(emailInDomains("bob@other.test", verified)).toBe(false);
    expect(emailInDomains("eve@evil.acme.test", verified)).toBe(false);
    expect(emailInDomains("eve@acme.test.evil.test", verified)).toBe(false);
    expect(emailInDomains("eve@acme.test@evil.test", verified)).toBe(false);
  });

  it("accepts an http issuer only in local runs", () => {
    expect(checkIssuer("https://login.acme.test", false)).toEqual({ ok: true, issuer: "https://login.acme.test" });
    expect(checkIssuer("http://127.0.0.1:9000", false).ok).toBe(false);
    expect(checkIssuer("http://127.0.0.1:9000", true).ok).toBe(true);
    expect(checkIssuer("https://user:pw@login.acme.test", false).ok).toBe(false);
    expect(checkIssuer("javascript:alert(1)", true).ok).toBe(false);
  });

  it("refuses an issuer inside a private network: the server would fetch it (loopback only in local runs)", () => {
    const refused = { ok: false, message: SSO_MESSAGES.issuerPrivate };
    for (const issuer of [
      "https://169.254.169.254/latest/meta-data",
      "https://127.0.0.1:9100",
      "https://10.0.0.1",
      "https://192.168.1.1/realms/x",
      "https://[::1]",
      "https://[::ffff:127.0.0.1]",
      "https://localhost",
      "https://metadata.google.internal",
      "https://idp.corp",
      "https://0x7f000001",
    ]) {
      expect(checkIssuer(issuer, false), issuer).toEqual(refused);
    }
    expect(checkIssuer("https://10.0.0.1", true)).toEqual(refused);
    expect(checkIssuer("https://localhost:9443", true).ok).toBe(true);
  });

  it("refuses a discovery document whose endpoints are inside a private network, before any call to them", async () => {
    const server = createServer((req, res) => {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: "http://169.254.169.254/latest/meta-data/token",
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const refusal = await discover(providerAt(issuer), LOCAL).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(SsoFailure);
      expect((refusal as SsoFailure).reason).toBe("discovery");
      expect((refusal as SsoFailure).message).toContain("169.254.169.254");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses to fetch a stored issuer that is not a public address", async () => {
    const refusal = await discover(providerAt("https://169.254.169.254"), { allowHttp: false }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SsoFailure);
    expect((refusal as SsoFailure).message).toBe("the issuer is not a public address");
  });

  it("parses the domain list and lands members by spec 02 §2's rule", () => {
    expect(parseDomainList("@Acme.test, acme.test\nsub.acme.test")).toEqual({ ok: true, domains: ["acme.test", "sub.acme.test"] });
    expect(parseDomainList("not a domain/").ok).toBe(false);
    expect(ssoLanding("acme", { isOwner: false, permissions: ["supervisor"], firstTeamSlug: null })).toBe(
      "/app/organizations/acme/dashboard",
    );
    expect(ssoLanding("acme", { isOwner: false, permissions: [], firstTeamSlug: null })).toBe("/app/organizations/acme/me");
    expect(ssoLanding("acme", { isOwner: false, permissions: null, firstTeamSlug: "sales" })).toBe("/app/organizations/acme/team/sales");
  });
});
