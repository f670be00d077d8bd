/**
 * /app/organizations/{org}/settings/profile/domains (spec 01 §2 Organizations, §6 "Organization
 * Domains"; `organization.domains`): the organization's own branded domains (decision 044). Add
 * one (the same Cloudflare for SaaS custom hostname as a personal domain, bounded by the plan in
 * force for the organization), read its DNS records and re-check it, choose whether every team may
 * use it (`for_all_teams`; otherwise Team Domains assigns it to teams), remove it. Plain forms,
 * post/redirect/get; every change writes its audit row in the same batch.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import {
  countOrganizationDomains,
  listDomainTeams,
  listOrganizationDomains,
  setDomainForAllTeams,
} from "../../../../db/branded-domains.server";
import { listTeams } from "../../../../db/organizations.server";
import { addDomainRefusal, BRANDED_MESSAGES } from "../../../../domain/branded-domains";
import { MOVE_TEXTS } from "../../../../domain/domain-moves";
import { AddDomainForm } from "../../../components/branded-domain-forms";
import { Notice } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../../components/settings";
import { organizationDomainsPath } from "../../../components/organizations/settings-layout";
import { getCloudflare } from "../../../context.server";
import { createDomainSchema } from "../../../forms/branded-domains";
import { addBrandedDomain, recheckBrandedDomain, refusalErrors, removeBrandedDomain } from "../../../lib/branded-domains.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import {
  domainAudit,
  organizationDomainAdder,
  organizationDomainsNotice,
  requireOrganizationDomain,
} from "../../../lib/organizations/domains.server";
import { workspaceSubject } from "../../../lib/organization-links.server";
import type { Route } from "./+types/domains";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Organization Domains | Snip" }];

const NOTICES = {
  added: "The domain has been added. Publish its DNS records, then check it.",
  "vanity-added": "The vanity subdomain has been added. Its short links redirect at once.",
  checked: "The domain has been checked.",
  "all-teams-on": "Every team of the organization can now create links on this domain.",
  "all-teams-off": "Only the teams chosen in Team Domains can now create links on this domain.",
  removed: "The domain has been removed. Its links no longer redirect.",
  moved: MOVE_TEXTS.moved,
} as const;

/** The personal verify page's words when Cloudflare does not answer a check. */
const CHECK_FAILED = "The check could not reach our certificate provider. Please try again in a minute.";

const hostSchema = z.string().trim().toLowerCase().min(1).max(253);
const checkSchema = z.object({ intent: z.literal("check"), domain: hostSchema });
const removeSchema = z.object({ intent: z.literal("remove"), domain: hostSchema });
const allTeamsSchema = z.object({ intent: z.literal("all-teams"), domain: hostSchema, value: z.enum(["on", "off"]) });

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const { db, organization } = access;
  const { env } = getCloudflare(args.context);
  const [domains, assigned, teams, counts, { subject }] = await Promise.all([
    listOrganizationDomains(db, organization.id),
    listDomainTeams(db, organization.id),
    listTeams(db, organization.id),
    countOrganizationDomains(db, organization.id),
    workspaceSubject(db, organization, null),
  ]);
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const notice = new URL(args.request.url).searchParams.get("notice");
  return {
    slug: organization.slug,
    target: env.CF_CNAME_TARGET,
    refusal: addDomainRefusal(subject, "domain", counts),
    refusals: {
      subdomain: addDomainRefusal(subject, "subdomain", counts),
      vanity: addDomainRefusal(subject, "vanity", counts),
    },
    domains: domains.map((d) => ({
      hostname: d.hostname,
      kind: d.kind,
      status: d.status,
      forAllTeams: d.forAllTeams,
      teams: (assigned.get(d.id) ?? []).map((id) => teamName.get(id) ?? "").filter(Boolean),
      verificationName: d.verificationName,
      verificationValue: d.verificationValue,
    })),
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
    page: new URL(args.request.url).search,
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const { db, organization } = access;
  const { env } = getCloudflare(args.context);
  const formData = await requestFormData(args.request);
  const intent = formData.get("intent");
  const back = (notice: keyof typeof NOTICES) => redirect(organizationDomainsNotice(organization.slug, notice));
  const audit = (action: "domain.removed" | "domain.teams-changed", target: string, details?: Record<string, unknown>) =>
    domainAudit(access, action, target, details)(db);
  const ownDomain = (hostname: string) => requireOrganizationDomain(access, hostname);

  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: createDomainSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
    const { who } = await organizationDomainAdder(access);
    const host = submission.value.domain;
    const outcome = await addBrandedDomain(env, who, "domain", host, new Date(), domainAudit(access, "domain.added", host));
    if (!outcome.ok) return data({ result: submission.reply(refusalErrors(outcome)) }, { status: outcome.status });
    return back("added");
  }
  if (intent === "check") {
    const parsed = checkSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data("Domain not found.", { status: 404 });
    const domain = await ownDomain(parsed.data.domain);
    try {
      await recheckBrandedDomain(env, domain);
    } catch (error) {
      // Cloudflare did not answer (or is not configured): said on the page, as the personal verify page does.
      console.error("organization domains: check failed", domain.hostname, error);
      return data({ result: null, error: CHECK_FAILED }, { status: 502 });
    }
    return back("checked");
  }
  if (intent === "all-teams") {
    const parsed = allTeamsSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data("Domain not found.", { status: 404 });
    const domain = await ownDomain(parsed.data.domain);
    const on = parsed.data.value === "on";
    await setDomainForAllTeams(db, domain.id, on, audit("domain.teams-changed", domain.hostname, { forAllTeams: on }));
    return back(on ? "all-teams-on" : "all-teams-off");
  }
  if (intent === "remove") {
    const parsed = removeSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data("Domain not found.", { status: 404 });
    const domain = await ownDomain(parsed.data.domain);
    try {
      await removeBrandedDomain(env, domain, () => audit("domain.removed", domain.hostname));
    } catch (error) {
      console.error("organization domains: remove failed", domain.hostname, error);
      return data({ result: null, error: BRANDED_MESSAGES.providerFailed }, { status: 502 });
    }
    return back("removed");
  }
  return data({ result: null }, { status: 400 });
}

const STATUS = {
  pending: { label: "Waiting for DNS", tone: "bg-amber-50 text-amber-800 ring-amber-200" },
  active: { label: "Active", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: "Verification failed", tone: "bg-red-50 text-red-800 ring-red-200" },
  lapsed: { label: "No longer verified", tone: "bg-red-50 text-red-800 ring-red-200" },
} as const;

const KIND_LABEL = { domain: "Domain", subdomain: "Subdomain", vanity: "Vanity subdomain" } as const;

export default function OrganizationDomains({ loaderData, actionData }: Route.ComponentProps) {
  // A new page after each change (post/redirect/get): the add form starts empty again.
  return <DomainsPage key={loaderData.page} loaderData={loaderData} actionData={actionData} />;
}

function DomainsPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { domains, refusal, refusals, target, notice, slug } = loaderData;
  const hasBase = domains.some((d) => d.kind === "domain");
  return (
    <>
      <SettingsHeading
        title="Organization Domains"
        lead="Branded domains owned by the organization. Every team may use a domain marked for all teams; Team Domains gives the others to chosen teams."
      />
      {notice ? (
        <div className="mb-4">
          <Notice tone="success">{notice}</Notice>
        </div>
      ) : null}
      {actionData && "error" in actionData && typeof actionData.error === "string" ? (
        <div className="mb-4">
          <Notice tone="error">{actionData.error}</Notice>
        </div>
      ) : null}
      <div className="space-y-6">
        <SettingsCard id="organization-domains" title="Domains">
          {domains.length === 0 ? (
            <p className="text-sm text-slate-600">The organization has no branded domains yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Organization domains">
              {domains.map((d) => (
                <li key={d.hostname} className="space-y-3 py-4" data-domain={d.hostname}>
                  <div className="flex flex-wrap items-center gap-3">
                    <span className="font-mono text-sm font-semibold text-slate-900">{d.hostname}</span>
                    <span className="text-xs text-slate-500">{KIND_LABEL[d.kind]}</span>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS[d.status].tone}`}>
                      {STATUS[d.status].label}
                    </span>
                    <span className="text-xs text-slate-600">
                      {d.forAllTeams ? "All teams" : d.teams.length > 0 ? `Teams: ${d.teams.join(", ")}` : "No team yet"}
                    </span>
                  </div>
                  {d.status !== "active" ? (
                    <dl className="grid gap-1 text-xs text-slate-700 sm:grid-cols-[8rem_1fr]">
                      <dt className="font-semibold">CNAME</dt>
                      <dd className="font-mono break-all">
                        {d.hostname} → {target}
                      </dd>
                      {d.verificationName ? (
                        <>
                          <dt className="font-semibold">TXT</dt>
                          <dd className="font-mono break-all">
                            {d.verificationName} = {d.verificationValue}
                          </dd>
                        </>
                      ) : null}
                    </dl>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="all-teams" />
                      <input type="hidden" name="domain" value={d.hostname} />
                      <input type="hidden" name="value" value={d.forAllTeams ? "off" : "on"} />
                      <button
                        type="submit"
                        className={settingsSecondaryButton}
                        aria-label={`${d.forAllTeams ? "Stop using" : "Use"} ${d.hostname} for all teams`}
                      >
                        {d.forAllTeams ? "Only chosen teams" : "Use for all teams"}
                      </button>
                    </Form>
                    {d.kind !== "vanity" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="check" />
                        <input type="hidden" name="domain" value={d.hostname} />
                        <button type="submit" className={settingsSecondaryButton} aria-label={`Check ${d.hostname} now`}>
                          Check now
                        </button>
                      </Form>
                    ) : null}
                    <Link
                      to={organizationDomainsPath(slug, `edit/${encodeURIComponent(d.hostname)}`)}
                      className={`inline-block ${settingsSecondaryButton}`}
                      aria-label={`Redirects of ${d.hostname}`}
                    >
                      Redirects
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="domain" value={d.hostname} />
                      <button type="submit" className={settingsSecondaryButton} aria-label={`Remove ${d.hostname}`}>
                        Remove
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </SettingsCard>
        <SettingsCard
          id="organization-domain-add"
          title="Add a domain"
          description={
            <>
              Use a domain or subdomain the organization owns, like <code>links.yourbrand.com</code>. After adding it, point it to{" "}
              <code>{target}</code> with a CNAME record.
            </>
          }
        >
          {refusal ? (
            <Notice tone="info">{refusal}</Notice>
          ) : (
            <AddDomainForm id="organization-domain-add" lastResult={actionData?.result} intent="add" />
          )}
        </SettingsCard>
        <SettingsCard
          id="organization-domain-more"
          title="Subdomains and vanity subdomains"
          description="A subdomain of one of the organization's verified domains, or a name on Snip's short domain, ready at once."
        >
          <div className="flex flex-wrap items-start gap-3">
            {refusals.subdomain ? (
              <Notice tone="info">{refusals.subdomain}</Notice>
            ) : hasBase ? (
              <Link to={organizationDomainsPath(slug, "create-subdomain")} className={`inline-block ${settingsButton}`}>
                Add subdomain
              </Link>
            ) : (
              <p className="text-sm text-slate-600">Add a domain first: subdomains are made on the organization's own verified domains.</p>
            )}
            {refusals.vanity ? (
              <Notice tone="info">{refusals.vanity}</Notice>
            ) : (
              <Link to={organizationDomainsPath(slug, "create-tiny")} className={`inline-block ${settingsButton}`}>
                Add vanity subdomain
              </Link>
            )}
          </div>
        </SettingsCard>
      </div>
    </>
  );
}
