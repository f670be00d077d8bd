/**
 * /app/organizations/{org}/settings/profile/domains (spec 01 §2 Organizations, §6 "Organization
 * Domains"; `organization.domains`): the organization's own branded domains (decision 044). Add
 * one (the same Cloudflare for SaaS custom hostname as a personal domain, bounded by the plan in
 * force for the organization), read its DNS records and re-check it, choose whether every team may
 * use it (`for_all_teams`; otherwise Team Domains assigns it to teams), remove it. Plain forms,
 * post/redirect/get; every change writes its audit row in the same batch.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { auditInsert } from "../../../../db/audit.server";
import {
  countOrganizationDomains,
  getBrandedDomain,
  listDomainTeams,
  listOrganizationDomains,
  setDomainForAllTeams,
} from "../../../../db/branded-domains.server";
import { listTeams } from "../../../../db/organizations.server";
import { addDomainRefusal } from "../../../../domain/branded-domains";
import { FieldError, Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { organizationPath } from "../../../components/organizations/settings-layout";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { createDomainSchema } from "../../../forms/branded-domains";
import { addBrandedDomain, recheckBrandedDomain, removeBrandedDomain } from "../../../lib/branded-domains.server";
import { workspaceSubject } from "../../../lib/organization-links.server";
import { requireOrganizationAccess, type OrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/domains";

export const meta: Route.MetaFunction = () => [{ title: "Organization Domains | Snip" }];

const NOTICES = {
  added: "The domain has been added. Publish its DNS records, then check it.",
  checked: "The domain has been checked.",
  "all-teams-on": "Every team of the organization can now create links on this domain.",
  "all-teams-off": "Only the teams chosen in Team Domains can now create links on this domain.",
  removed: "The domain has been removed. Its links no longer redirect.",
} as const;

const hostSchema = z.string().trim().toLowerCase().min(1).max(253);
const checkSchema = z.object({ intent: z.literal("check"), domain: hostSchema });
const removeSchema = z.object({ intent: z.literal("remove"), domain: hostSchema });
const allTeamsSchema = z.object({ intent: z.literal("all-teams"), domain: hostSchema, value: z.enum(["on", "off"]) });

/** The organization's domain by name, or 404 (another owner's domain is never shown or touched). */
async function ownDomain(access: OrganizationAccess, hostname: string) {
  const domain = await getBrandedDomain(access.db, hostname);
  if (!domain || domain.organizationId !== access.organization.id) throw data("Domain not found.", { status: 404 });
  return domain;
}

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
    domains: domains.map((d) => ({
      hostname: d.hostname,
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
  const { db, organization, actor } = access;
  const { env } = getCloudflare(args.context);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const back = (notice: keyof typeof NOTICES) =>
    // `at` makes each answer a new page for the add form (its last errors do not outlive a change).
    redirect(`${organizationPath(organization.slug, "settings/profile/domains")}?notice=${notice}&at=${Date.now().toString(36)}`);
  const audit = (action: "domain.added" | "domain.removed" | "domain.teams-changed", target: string, details?: Record<string, unknown>) =>
    auditInsert(db, { organizationId: organization.id, actorUserId: actor.userId, action, target, ...(details ? { details } : {}) });

  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: createDomainSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
    const { subject } = await workspaceSubject(db, organization, null);
    const host = submission.value.domain;
    const outcome = await addBrandedDomain(
      env,
      { userId: actor.userId, workspaceId: null, organizationId: organization.id, subject },
      "domain",
      host,
      new Date(),
      () => audit("domain.added", host),
    );
    if (!outcome.ok) {
      const errors = outcome.field === "form" ? { formErrors: [outcome.message] } : { fieldErrors: { domain: [outcome.message] } };
      return data({ result: submission.reply(errors) }, { status: outcome.status });
    }
    return back("added");
  }
  if (intent === "check") {
    const parsed = checkSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data("Domain not found.", { status: 404 });
    await recheckBrandedDomain(env, await ownDomain(access, parsed.data.domain));
    return back("checked");
  }
  if (intent === "all-teams") {
    const parsed = allTeamsSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data("Domain not found.", { status: 404 });
    const domain = await ownDomain(access, parsed.data.domain);
    const on = parsed.data.value === "on";
    await setDomainForAllTeams(db, domain.id, on, audit("domain.teams-changed", domain.hostname, { forAllTeams: on }));
    return back(on ? "all-teams-on" : "all-teams-off");
  }
  if (intent === "remove") {
    const parsed = removeSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data("Domain not found.", { status: 404 });
    const domain = await ownDomain(access, parsed.data.domain);
    await removeBrandedDomain(env, domain, () => audit("domain.removed", domain.hostname));
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

export default function OrganizationDomains({ loaderData, actionData }: Route.ComponentProps) {
  // A new page after each change (post/redirect/get): the add form starts empty again.
  return <DomainsPage key={loaderData.page} loaderData={loaderData} actionData={actionData} />;
}

function DomainsPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { domains, refusal, target, notice } = loaderData;
  const [form, fields] = useForm<{ domain: string; confirm: string }>({
    id: "organization-domain-add",
    lastResult: actionData?.result ?? undefined,
    shouldValidate: "onSubmit",
  });
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
                    <Form method="post">
                      <input type="hidden" name="intent" value="check" />
                      <input type="hidden" name="domain" value={d.hostname} />
                      <button type="submit" className={settingsSecondaryButton} aria-label={`Check ${d.hostname} now`}>
                        Check now
                      </button>
                    </Form>
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
            <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
              <input type="hidden" name="intent" value="add" />
              {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
              <TextField
                label="Domain"
                name="domain"
                defaultValue={fields.domain.initialValue}
                errors={fields.domain.errors}
                placeholder="links.yourbrand.com"
                maxLength={253}
                autoComplete="off"
                required
              />
              <div>
                <label className="flex items-start gap-2 text-sm text-slate-800">
                  <input type="checkbox" name="confirm" id="field-confirm" className="mt-1" aria-describedby="field-confirm-error" />
                  <span>I confirm that this domain will be used only for Snip short links (not for a website or email).</span>
                </label>
                <FieldError id="field-confirm-error" errors={fields.confirm.errors} />
              </div>
              <SubmitButton className={settingsButton} busyText="Adding…">
                Add domain
              </SubmitButton>
            </Form>
          )}
        </SettingsCard>
      </div>
    </>
  );
}
