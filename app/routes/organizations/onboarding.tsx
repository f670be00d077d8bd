/**
 * /app/organizations/onboarding (L and developer):
 * - without `?org=`: creating an organization (`organization.create`): name and slug (lowercase,
 *   unique; a taken slug is a message next to the field and nothing is written). The creator
 *   becomes the owner; the audit trail gets `organization.created`. Then the steps below.
 * - with `?org={slug}`: the re-onboarding steps of spec 01 §4 (`organization.onboarding`):
 *   1 = no domains (owner only), 2 = no users or invitations (owner only), 3 = no team, 4 = the first
 *   team has no members or invitations, 5 = complete. Each step links to the page that completes
 *   it. Steps skipped are remembered per organization in local storage (team, members, domains,
 *   users); without JavaScript they travel in `?done=`, so the server renders the right step.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import { createOrganization, onboardingCounts } from "../../../db/organizations.server";
import {
  createOrganizationSchema,
  ONBOARDING_KEYS,
  ONBOARDING_STEPS,
  onboardingStep,
  onboardingStorageKey,
  ORGANIZATION_MESSAGES,
  parseOnboardingDone,
  type OnboardingKey,
} from "../../../domain/organization-admin";
import { can } from "../../../domain/permissions";
import { Notice, SubmitButton, TextField } from "../../components/form-fields";
import { organizationPath } from "../../components/organizations/settings-layout";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { getDb } from "../../../db/client.server";
import { getCloudflare } from "../../context.server";
import { actorOf, requireOrganizationAccess } from "../../lib/organizations/access.server";
import { requireDeveloper } from "../../session.server";
import type { Route } from "./+types/onboarding";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Create Organization | Snip" }];

/** The page that completes each step. */
function stepTarget(slug: string, key: OnboardingKey): { label: string; to: string } {
  switch (key) {
    case "domains":
      return { label: "Go to Organization Domains", to: organizationPath(slug, "settings/profile/domains") };
    case "users":
      return { label: "Go to Users", to: organizationPath(slug, "settings/profile/users") };
    case "team":
      return { label: "Go to Teams", to: organizationPath(slug, "settings/teams") };
    case "members":
      return { label: "Go to Members", to: organizationPath(slug, "settings/teams/members") };
  }
}

const STEP_TEXT: Record<OnboardingKey, string> = {
  domains: "Branded domains make the organization's short links its own. Add one, or skip this step for now.",
  users: "Organization users run the organization with a role: invite the people who manage teams, members, domains or billing.",
  team: "Links belong to teams. Create the first team the organization's people will work in.",
  members: "Your first team has no members yet. Add people as admins, members or viewers.",
};

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const slug = url.searchParams.get("org");
  if (!slug) {
    const viewer = requireDeveloper(request, context);
    if (!can(actorOf(viewer), "organization.create", { kind: "account" })) throw redirect("/");
    return { mode: "create" as const };
  }
  const access = await requireOrganizationAccess({ ...args, params: { org: slug } }, "organization.onboarding");
  const counts = await onboardingCounts(access.db, access.organization.id);
  const done = parseOnboardingDone(url.searchParams.get("done"));
  const step = onboardingStep({ isOwner: access.isOwner, ...counts }, done);
  return {
    mode: "steps" as const,
    organization: { slug: access.organization.slug, name: access.organization.name },
    isOwner: access.isOwner,
    step,
    done: [...done],
    created: url.searchParams.get("created") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireDeveloper(request, context);
  if (!can(actorOf(viewer), "organization.create", { kind: "account" })) throw redirect("/");
  const submission = parseWithZod(await requestFormData(request), { schema: createOrganizationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const db = getDb(getCloudflare(context).env.DB);
  const made = await createOrganization(db, { ownerUserId: viewer.user.id, slug: submission.value.slug, name: submission.value.name });
  if (!made.ok) return data({ result: submission.reply({ fieldErrors: { slug: [ORGANIZATION_MESSAGES.slugTaken] } }) }, { status: 422 });
  return redirect(`/app/organizations/onboarding?org=${encodeURIComponent(made.slug)}&created=1`);
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      {loaderData.mode === "create" ? <CreateForm lastResult={actionData?.result} /> : <Steps {...loaderData} />}
    </div>
  );
}

function CreateForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<{ name: string; slug: string }>({ id: "create-organization", lastResult });
  return (
    <>
      <SettingsHeading
        title="Create Organization"
        lead="An organization holds teams, their links and domains, and the people who run them. You become its owner."
      />
      <SettingsCard title="Your organization">
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
          {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
          <TextField
            label="Name"
            name="name"
            autoComplete="organization"
            defaultValue={fields.name.initialValue}
            errors={fields.name.errors}
            required
          />
          <TextField
            label="Slug"
            name="slug"
            defaultValue={fields.slug.initialValue}
            errors={fields.slug.errors}
            hint="Lowercase letters, digits and dashes; it appears in the organization's addresses and cannot be taken by another organization."
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <SubmitButton className={settingsButton}>Create Organization</SubmitButton>
        </Form>
      </SettingsCard>
    </>
  );
}

function Steps({
  organization,
  step,
  done,
  created,
  isOwner,
}: {
  organization: { slug: string; name: string };
  step: number;
  done: string[];
  created: boolean;
  isOwner: boolean;
}) {
  const navigate = useNavigate();
  const base = `/app/organizations/onboarding?org=${encodeURIComponent(organization.slug)}`;
  const withDone = (keys: readonly string[]) =>
    keys.length ? `${base}&done=${ONBOARDING_KEYS.filter((k) => keys.includes(k)).join(",")}` : base;

  // Local storage remembers the steps done per organization (spec 01 §4): merge it with the URL's.
  useEffect(() => {
    const key = onboardingStorageKey(organization.slug);
    let stored: Set<OnboardingKey>;
    try {
      stored = parseOnboardingDone(window.localStorage.getItem(key));
    } catch {
      return;
    }
    const merged = ONBOARDING_KEYS.filter((k) => stored.has(k) || done.includes(k));
    try {
      window.localStorage.setItem(key, JSON.stringify(merged));
    } catch {
      // Storage full or disabled: the URL still carries the steps.
    }
    if (merged.length > done.length) void navigate(withDone(merged), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [organization.slug, done.join(",")]);

  const current = ONBOARDING_STEPS.find((s) => s.step === step);
  const visibleSteps = ONBOARDING_STEPS.filter((s) => isOwner || !s.ownerOnly);
  return (
    <>
      <SettingsHeading title={`Set up ${organization.name}`} lead="A few steps get the organization ready for its people and links." />
      {created ? (
        <div className="mb-6">
          <Notice tone="success">{ORGANIZATION_MESSAGES.created}</Notice>
        </div>
      ) : null}
      <ol className="mb-6 flex flex-wrap gap-2 text-sm" aria-label="Onboarding steps">
        {visibleSteps.map((s) => (
          <li
            key={s.key}
            aria-current={s.step === step ? "step" : undefined}
            className={`rounded-full px-3 py-1 font-semibold ${s.step === step ? "bg-indigo-600 text-white" : s.step < step ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
          >
            {s.step}. {s.title}
          </li>
        ))}
      </ol>
      {current ? (
        <SettingsCard id="onboarding-step" title={`Step ${current.step}: ${current.title}`} description={STEP_TEXT[current.key]}>
          <div className="flex flex-wrap gap-3">
            <Link to={stepTarget(organization.slug, current.key).to} className={settingsButton}>
              {stepTarget(organization.slug, current.key).label}
            </Link>
            <Link to={withDone([...done, current.key])} className={settingsSecondaryButton}>
              Skip this step
            </Link>
          </div>
        </SettingsCard>
      ) : (
        <SettingsCard id="onboarding-step" title="Step 5: All set" description="The organization is ready.">
          <div className="flex flex-wrap gap-3">
            <Link to={organizationPath(organization.slug, "settings")} className={settingsButton}>
              Organization Settings
            </Link>
            <Link to="/app/organizations" className={settingsSecondaryButton}>
              Your organizations
            </Link>
          </div>
        </SettingsCard>
      )}
    </>
  );
}
