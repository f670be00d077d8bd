/**
 * The end-to-end run's single sign-on counterparts (playwright.config.ts webServer): the OpenID
 * provider on E2E_PORT+1000 and the DNS-over-HTTPS stub on E2E_PORT+1001, both on 127.0.0.1, so
 * parallel runs on other ports never clash. Run with tsx.
 */
import { startDnsStub } from "./dns-server";
import { startOidcProvider } from "./oidc-server";
import { SSO_E2E_CLIENT } from "./sso-stubs-client";

const appPort = Number(process.env.E2E_PORT ?? 8790);
const provider = await startOidcProvider({
  port: appPort + 1000,
  clients: [{ ...SSO_E2E_CLIENT, redirect_uris: [`http://localhost:${appPort}/app/login/sso/callback`] }],
});
const dns = await startDnsStub({ port: appPort + 1001 });
console.info(`OpenID provider ${provider.issuer}; DNS stub ${dns.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void Promise.all([provider.close(), dns.close()]).then(() => process.exit(0));
  });
