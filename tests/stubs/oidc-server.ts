/**
 * A real OpenID provider for the single sign-on tests (issue 17, docs/decisions/034):
 * `oidc-provider` (the certified implementation by the author of openid-client) on a loopback
 * port, with its own development login and consent pages. Whatever login is typed on its login
 * page becomes the account: `sub` is the login and `email` is it too (an email is typed), with
 * `email_verified: true`. Clients are registered up front (confidential, code flow, PKCE).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type StubClient = { client_id: string; client_secret: string; redirect_uris: string[] };

export type OidcStub = { issuer: string; close: () => Promise<void> };

export async function startOidcProvider(options: {
  port?: number;
  clients: StubClient[];
  /** Seconds an authorization code lives (the provider's default is 60). */
  codeTtlSeconds?: number;
}): Promise<OidcStub> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: id, email_verified: true, name: id.split("@")[0] };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    scopes: ["openid", "email", "profile"],
    cookies: { keys: ["snip-sso-test-cookie-key-0123456789"] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: options.codeTtlSeconds ?? 60 },
    features: { devInteractions: { enabled: true } },
  });
  // The provider's warnings about development keys and interactions are expected here.
  provider.on("server_error", (_ctx, error) => console.error("oidc stub:", error));
  server.on("request", provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
