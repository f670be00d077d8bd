/**
 * /app/organizations/{org}/settings/profile/sso (`organization.sso`: the owner or a role with the
 * sso permission; issue 17, docs/decisions/034): the organization's OpenID Connect provider
 * (issuer, client id, client secret stored encrypted and never shown again), its email domains
 * with the DNS TXT record that proves each, the role a first SSO sign-in gives, and whether SSO
 * is required for the verified domains. Plain forms, post/redirect/get; every change writes its
 * audit row in the same batch.
 */
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { listRoles } from "../../../../db/organizations.server";
import {
  findDomainsVerifiedElsewhere,
  getSsoSettings,
  listSsoDomains,
  markSsoDomainVerified,
  removeSsoSettings,
  saveSsoSettings,
  setSsoRequired,
} from "../../../../db/sso.server";
import { ACCOUNT_MESSAGES } from "../../../../domain/account-rules";
import { checkIssuer, parseDomainList, SSO_CALLBACK_PATH, SSO_MESSAGES, ssoTxtName, ssoTxtValue } from "../../../../domain/sso";
import { FieldError, Notice, TextField } from "../../../components/form-fields";
import { organizationPath } from "../../../components/organizations/settings-layout";
import { SettingsCard, SettingsHeading, settingsButton, settingsDangerButton, settingsSecondaryButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { isLocalDev } from "../../../env.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import { dohResolver } from "../../../lib/sso/dns.server";
import { ssoRedirectUri } from "../../../lib/sso/flow.server";
import { discover } from "../../../lib/sso/oidc.server";
import { decryptWithAuthSecret, encryptWithAuthSecret } from "../../../lib/sso/secret.server";
import type { Route } from "./+types/sso";
import { formIntent, requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "SSO | Snip" }];

const INTENTS = ["save", "verify", "require", "remove"] as const;
type Intent = (typeof INTENTS)[number];

const NOTICES = {
  saved: SSO_MESSAGES.saved,
  removed: SSO_MESSAGES.removed,
  "required-on": SSO_MESSAGES.requiredOn,
  "required-off": SSO_MESSAGES.requiredOff,
  verified: "The domain has been verified.",
} as const;
type NoticeKey = keyof typeof NOTICES;

const saveSchema = z.object({
  issuer: z.string().max(500).default(""),
  client_id: z.string().trim().max(500).default(""),
  client_secret: z.string().max(2000).default(""),
  domains: z.string().max(5000).default(""),
  default_role: z.string().trim().max(64).default(""),
});

type Reply = {
  intent: Intent | null;
  fieldErrors: Partial<Record<"issuer" | "client_id" | "client_secret" | "domains" | "default_role", string>>;
  formError: string | null;
  domain?: string;
  values?: { issuer: string; client_id: string; domains: string; default_role: string };
};

function reply(intent: Intent | null, errors: Partial<Omit<Reply, "intent">>, status = 422) {
  return data<Reply>({ intent, fieldErrors: errors.fieldErrors ?? {}, formError: errors.formError ?? null, ...errors }, { status });
}

function newToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.sso");
  const { db, organization } = access;
  const { env } = getCloudflare(args.context);
  const [settings, domains, roles] = await Promise.all([
    getSsoSettings(db, organization.id),
    listSsoDomains(db, organization.id),
    listRoles(db, organization.id),
  ]);
  const notice = new URL(args.request.url).searchParams.get("notice");
  return {
    organization: { slug: organization.slug },
    // The secret never leaves the server: only whether one is stored.
    settings: settings
      ? {
          issuer: settings.issuer,
          clientId: settings.clientId,
          defaultRoleId: settings.defaultRoleId,
          required: settings.required,
          hasSecret: true,
          version: settings.updatedAt.getTime(),
        }
      : null,
    domains: domains.map((row) => ({
      domain: row.domain,
      verified: row.verifiedAt !== null,
      txtName: ssoTxtName(row.domain),
      txtValue: ssoTxtValue(row.token),
    })),
    roles: roles.map((role) => ({ id: role.id, name: role.name })),
    redirectUri: ssoRedirectUri(env, args.request),
    notice: notice && notice in NOTICES ? NOTICES[notice as NoticeKey] : null,
  };
}

export async function action(args: Route.ActionArgs) {
  // The guard first: a refused post is answered before its body is read.
  const access = await requireOrganizationAccess(args, "organization.sso");
  const { db, organization, actor } = access;
  const { env } = getCloudflare(args.context);
  const form = await requestFormData(args.request);
  const intent = formIntent(form, INTENTS);
  const done = (notice: NoticeKey) => redirect(`${organizationPath(organization.slug, "settings/profile/sso")}?notice=${notice}`);

  switch (intent) {
    case "save": {
      const parsed = saveSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return reply(intent, { formError: ACCOUNT_MESSAGES.generic });
      const input = parsed.data;
      const values = { issuer: input.issuer, client_id: input.client_id, domains: input.domains, default_role: input.default_role };
      const existing = await getSsoSettings(db, organization.id);
      const fieldErrors: Reply["fieldErrors"] = {};
      const issuer = checkIssuer(input.issuer, isLocalDev(env));
      if (!issuer.ok) fieldErrors.issuer = issuer.message;
      if (!input.client_id) fieldErrors.client_id = SSO_MESSAGES.clientIdRequired;
      // A blank secret keeps the stored one.
      const secret = input.client_secret.trim()
        ? input.client_secret.trim()
        : existing
          ? await decryptWithAuthSecret(env.AUTH_SECRET, existing.clientSecret)
          : null;
      if (!secret) fieldErrors.client_secret = SSO_MESSAGES.clientSecretRequired;
      const domains = parseDomainList(input.domains);
      if (!domains.ok) fieldErrors.domains = domains.message;
      else {
        const taken = await findDomainsVerifiedElsewhere(db, organization.id, domains.domains);
        if (taken.length > 0) fieldErrors.domains = SSO_MESSAGES.domainTaken(taken[0]!);
      }
      const roles = await listRoles(db, organization.id);
      if (!roles.some((role) => role.id === input.default_role)) fieldErrors.default_role = SSO_MESSAGES.roleRequired;
      if (Object.keys(fieldErrors).length > 0 || !issuer.ok || !secret || !domains.ok) return reply(intent, { fieldErrors, values });
      try {
        await discover({ issuer: issuer.issuer, clientId: input.client_id, clientSecret: secret }, { allowHttp: isLocalDev(env) });
      } catch (error) {
        console.warn(`sso: discovery of ${issuer.issuer} failed while saving`, error instanceof Error ? error.cause : error);
        return reply(intent, { fieldErrors: { issuer: SSO_MESSAGES.issuerUnreachable }, values });
      }
      await saveSsoSettings(db, {
        organizationId: organization.id,
        actorUserId: actor.userId,
        issuer: issuer.issuer,
        clientId: input.client_id,
        clientSecret: await encryptWithAuthSecret(env.AUTH_SECRET, secret),
        defaultRoleId: input.default_role,
        domains: domains.domains,
        newToken,
      });
      return done("saved");
    }
    case "verify": {
      const domain = String(form.get("domain") ?? "");
      const row = (await listSsoDomains(db, organization.id)).find((candidate) => candidate.domain === domain);
      if (!row) return reply(intent, { formError: ACCOUNT_MESSAGES.generic }, 404);
      if (row.verifiedAt) return done("verified");
      if ((await findDomainsVerifiedElsewhere(db, organization.id, [domain])).length > 0)
        return reply(intent, { domain, formError: SSO_MESSAGES.domainTaken(domain) }, 409);
      let records: string[];
      try {
        records = await dohResolver(env.SSO_DNS_URL).txt(ssoTxtName(domain));
      } catch (error) {
        console.warn(`sso: TXT lookup for ${domain} failed`, error);
        return reply(intent, { domain, formError: SSO_MESSAGES.dnsFailed }, 502);
      }
      if (!records.includes(ssoTxtValue(row.token))) return reply(intent, { domain, formError: SSO_MESSAGES.notVerified(domain) });
      await markSsoDomainVerified(db, organization.id, domain, actor.userId);
      return done("verified");
    }
    case "require": {
      const settings = await getSsoSettings(db, organization.id);
      if (!settings) return reply(intent, { formError: SSO_MESSAGES.requireNeedsVerified });
      const on = form.get("required") === "on";
      if (on && !(await listSsoDomains(db, organization.id)).some((row) => row.verifiedAt !== null))
        return reply(intent, { formError: SSO_MESSAGES.requireNeedsVerified });
      if (on !== settings.required) await setSsoRequired(db, organization.id, on, actor.userId);
      return done(on ? "required-on" : "required-off");
    }
    case "remove": {
      if (await getSsoSettings(db, organization.id)) await removeSsoSettings(db, organization.id, actor.userId);
      return done("removed");
    }
    default:
      return reply(null, { formError: ACCOUNT_MESSAGES.generic }, 400);
  }
}

const textareaClass =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100";

export default function OrganizationSso({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, domains, roles, redirectUri, notice } = loaderData;
  const replyOf = (intent: Intent) => (actionData?.intent === intent ? actionData : null);
  const save = replyOf("save");
  const values = save?.values;
  const general = actionData && actionData.intent !== "verify" && actionData.intent !== "save" ? actionData.formError : null;
  const verify = replyOf("verify");

  return (
    <>
      <SettingsHeading title="SSO" lead="Single sign-on for the organization's people, through its OpenID Connect identity provider." />
      <div className="space-y-6">
        {notice && !actionData ? <Notice tone="success">{notice}</Notice> : null}
        {general ? <Notice tone="error">{general}</Notice> : null}

        <SettingsCard
          id="provider"
          title="Identity provider"
          description={
            <>
              Register Snip at your provider as a confidential OpenID Connect client with the redirect URI{" "}
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{redirectUri ?? SSO_CALLBACK_PATH}</code>.
            </>
          }
        >
          {/* Keyed by the saved version: after a save the fields show what is stored (the secret field empty). */}
          <Form method="post" className="space-y-5" noValidate key={settings?.version ?? 0}>
            <input type="hidden" name="intent" value="save" />
            {save?.formError ? <Notice tone="error">{save.formError}</Notice> : null}
            <TextField
              label="Issuer"
              name="issuer"
              type="url"
              placeholder="https://login.example.com"
              defaultValue={values?.issuer ?? settings?.issuer ?? ""}
              errors={save?.fieldErrors.issuer ? [save.fieldErrors.issuer] : null}
              hint="The provider's issuer URL; its OpenID configuration is read from /.well-known/openid-configuration."
              required
            />
            <TextField
              label="Client ID"
              name="client_id"
              defaultValue={values?.client_id ?? settings?.clientId ?? ""}
              errors={save?.fieldErrors.client_id ? [save.fieldErrors.client_id] : null}
              autoComplete="off"
              required
            />
            <TextField
              label="Client secret"
              name="client_secret"
              type="password"
              autoComplete="new-password"
              placeholder={settings?.hasSecret ? "•••••••• (stored; leave blank to keep it)" : ""}
              errors={save?.fieldErrors.client_secret ? [save.fieldErrors.client_secret] : null}
              hint={settings?.hasSecret ? "A secret is stored and is never shown again. Enter a new one to replace it." : undefined}
            />
            <div>
              <label htmlFor="field-domains" className="mb-1.5 block text-sm font-semibold text-slate-800">
                Email domains
              </label>
              <textarea
                id="field-domains"
                name="domains"
                rows={3}
                placeholder="example.com"
                defaultValue={values?.domains ?? domains.map((row) => row.domain).join("\n")}
                aria-invalid={save?.fieldErrors.domains ? true : undefined}
                aria-describedby={save?.fieldErrors.domains ? "field-domains-error" : undefined}
                className={`${textareaClass} ${save?.fieldErrors.domains ? "border-red-500" : "border-slate-300"}`}
              />
              <p className="mt-1.5 text-xs text-slate-500">
                One per line. People whose email is in a verified domain sign in through the provider.
              </p>
              <FieldError id="field-domains-error" errors={save?.fieldErrors.domains ? [save.fieldErrors.domains] : null} />
            </div>
            <div>
              <label htmlFor="field-default_role" className="mb-1.5 block text-sm font-semibold text-slate-800">
                Role of new members
              </label>
              <select
                id="field-default_role"
                name="default_role"
                defaultValue={values?.default_role ?? settings?.defaultRoleId ?? ""}
                aria-invalid={save?.fieldErrors.default_role ? true : undefined}
                className={`${textareaClass} ${save?.fieldErrors.default_role ? "border-red-500" : "border-slate-300"}`}
              >
                <option value="">Choose a role…</option>
                {roles.map((role) => (
                  <option key={role.id} value={role.id}>
                    {role.name}
                  </option>
                ))}
              </select>
              <p className="mt-1.5 text-xs text-slate-500">Given to a person of a verified domain the first time they sign in with SSO.</p>
              <FieldError id="field-default_role-error" errors={save?.fieldErrors.default_role ? [save.fieldErrors.default_role] : null} />
            </div>
            <button type="submit" className={settingsButton}>
              Save
            </button>
          </Form>
        </SettingsCard>

        {domains.length > 0 ? (
          <SettingsCard
            id="domains"
            title="Domain verification"
            description="Prove each domain by adding this TXT record at its DNS provider, then press Verify."
          >
            <ul className="divide-y divide-slate-100">
              {domains.map((row) => (
                <li key={row.domain} className="py-4 first:pt-0" data-domain={row.domain}>
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <p className="font-semibold text-slate-900">
                      {row.domain}{" "}
                      <span
                        className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${row.verified ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-800"}`}
                      >
                        {row.verified ? "Verified" : "Not verified"}
                      </span>
                    </p>
                    {row.verified ? null : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="verify" />
                        <input type="hidden" name="domain" value={row.domain} />
                        <button type="submit" className={settingsSecondaryButton} aria-label={`Verify ${row.domain}`}>
                          Verify
                        </button>
                      </Form>
                    )}
                  </div>
                  {row.verified ? null : (
                    <dl className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-[8rem_1fr]">
                      <dt className="font-medium">Type</dt>
                      <dd>TXT</dd>
                      <dt className="font-medium">Name</dt>
                      <dd>
                        <code className="break-all">{row.txtName}</code>
                      </dd>
                      <dt className="font-medium">Value</dt>
                      <dd>
                        <code className="break-all">{row.txtValue}</code>
                      </dd>
                    </dl>
                  )}
                  {verify?.domain === row.domain && verify.formError ? (
                    <p role="alert" className="mt-2 text-sm font-medium text-red-600">
                      {verify.formError}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </SettingsCard>
        ) : null}

        {settings ? (
          <SettingsCard
            id="require"
            title="Require SSO"
            description="When required, people of the verified domains cannot sign in with a password; the organization's owner still can."
          >
            <Form method="post" className="flex flex-wrap items-center gap-4">
              <input type="hidden" name="intent" value="require" />
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="required" defaultChecked={settings.required} className="h-4 w-4 rounded border-slate-300" />
                Require single sign-on for members of the verified domains
              </label>
              <button type="submit" className={settingsButton}>
                Save requirement
              </button>
            </Form>
          </SettingsCard>
        ) : null}

        {settings ? (
          <SettingsCard
            id="remove"
            title="Remove SSO"
            tone="danger"
            description="Removes the provider and every domain; members sign in with a password again."
          >
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <button type="submit" className={settingsDangerButton}>
                Remove single sign-on
              </button>
            </Form>
          </SettingsCard>
        ) : null}
      </div>
    </>
  );
}
