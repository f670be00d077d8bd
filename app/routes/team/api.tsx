/**
 * The team area's API token pages (spec 01 §2 Team area: api, api/new, api/edit/{tokenId}), one
 * module for three standalone routes under /app/organization/{org}/team/{team}/ (the team area
 * layout nests them later). Guard: `team.api-tokens` in that team (team admin, or the `teams`
 * permission; owners). Tokens made here belong to the team's workspace (docs/decisions/027): the
 * REST API with one reads and writes the team's links. Creating asks for the password (the 423
 * flow) and is rate limited per account like the personal page (docs/decisions/019-abuse-limits.md);
 * creating and revoking write their audit rows in the same batch. Another workspace's token id is a 404.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { createApiToken, getUserApiToken, listApiTokens, revokeApiToken, updateApiToken } from "../../../db/api-tokens.server";
import { auditInsert } from "../../../db/audit.server";
import { ensureTeamWorkspace } from "../../../db/workspaces.server";
import { API_PERMISSION_LABELS, API_PERMISSIONS, API_TOKEN_EXPIRIES, PERMISSION_FLAGS, tokenExpiresAt } from "../../../domain/api";
import { can } from "../../../domain/entitlements";
import { PermissionFields } from "../../components/api-token-fields";
import { CopyButton } from "../../components/copy-button";
import { Notice, SubmitButton, TextField } from "../../components/form-fields";
import { isPasswordConfirmReply, PasswordConfirmDialog } from "../../components/password-confirm";
import { DateTime, SettingsCard, SettingsHeading, settingsButton, settingsDangerButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { editTokenSchema, newTokenSchema } from "../../forms/api-tokens";
import { API_TOKEN_MESSAGES } from "../../forms/api-tokens-rules";
import { generateApiToken } from "../../lib/api-tokens.server";
import { workspaceSubject } from "../../lib/organization-links.server";
import { requireTeamAccess, type TeamAccess } from "../../lib/organizations/access.server";
import { requireRecentPassword, withoutConfirmPassword } from "../../lib/password-confirm.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import type { Route } from "./+types/api";
import { requestFormData } from "../../lib/form-body.server";
import { pagePathname } from "../../lib/page-url";

type View = "list" | "new" | "edit";

/** Which page: the form posts here with JavaScript on too, as `…/api/new.data` (app/lib/page-url.ts). */
export function viewOf(args: { params: Record<string, string | undefined>; request: Request }): View {
  if (args.params.tokenId) return "edit";
  return pagePathname(args.request).replace(/\/+$/, "").endsWith("/api/new") ? "new" : "list";
}

export const meta: Route.MetaFunction = () => [{ title: "Team API tokens | Snip" }];

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

const NOTICES = { saved: API_TOKEN_MESSAGES.saved, revoked: API_TOKEN_MESSAGES.revoked } as const;

function basePath(access: TeamAccess): string {
  return `/app/organization/${encodeURIComponent(access.organization.slug)}/team/${encodeURIComponent(access.team.slug)}/api`;
}

/** The team's capabilities decide which permissions a token may hold (decision 027). */
async function notInPlan(access: TeamAccess) {
  const { subject } = await workspaceSubject(access.db, access.organization, access.team.id);
  return {
    allowed: can(subject, "use_api"),
    notInPlan: API_PERMISSIONS.filter((p) => !PERMISSION_FLAGS[p].every((flag) => can(subject, flag))),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const access = await requireTeamAccess(args, "team.api-tokens");
  const view = viewOf(args);
  const plan = await notInPlan(access);
  const common = {
    view,
    base: basePath(access),
    organization: { name: access.organization.name },
    team: { name: access.team.name },
    ...plan,
  };
  if (view === "edit") {
    const token = await getUserApiToken(access.db, access.team.id, args.params.tokenId!);
    if (!token) throw data("Not Found", { status: 404 });
    return {
      ...common,
      tokens: [],
      token: { id: token.id, name: token.name, prefix: token.prefix, permissions: token.permissions },
      notice: null,
    };
  }
  const tokens = view === "list" ? await listApiTokens(access.db, access.team.id) : [];
  const notice = new URL(args.request.url).searchParams.get("notice");
  return {
    ...common,
    token: null,
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      permissions: t.permissions.map((p) => API_PERMISSION_LABELS[p].label),
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
      expiresAt: t.expiresAt?.toISOString() ?? null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireTeamAccess(args, "team.api-tokens");
  const view = viewOf(args);
  const { request, context } = args;
  const base = basePath(access);
  const formData = await requestFormData(request);
  const audit = (action: "token.created" | "token.revoked", name: string) =>
    auditInsert(access.db, {
      organizationId: access.organization.id,
      actorUserId: access.viewer.user.id,
      action,
      target: name,
      details: { team: access.team.slug },
    });

  const tokenId = view === "edit" ? args.params.tokenId! : String(formData.get("tokenId") ?? "");
  if (view !== "new" && (formData.get("intent") === "revoke" || view === "edit")) {
    const token = await getUserApiToken(access.db, access.team.id, tokenId);
    if (!token) throw data("Not Found", { status: 404 });
    if (formData.get("intent") === "revoke") {
      await revokeApiToken(access.db, access.team.id, token.id, new Date(), audit("token.revoked", token.name));
      return redirect(`${base}?notice=revoked`);
    }
    const submission = parseWithZod(formData, { schema: editTokenSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 422 });
    await updateApiToken(access.db, access.team.id, token.id, submission.value);
    return redirect(`${base}?notice=saved`);
  }
  if (view !== "new") return data({ result: null, created: null }, { status: 400 });

  const { allowed } = await notInPlan(access);
  const submission = parseWithZod(withoutConfirmPassword(formData), { schema: newTokenSchema });
  if (!allowed) return data({ result: submission.reply({ formErrors: [API_TOKEN_MESSAGES.notInPlan] }), created: null }, { status: 403 });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 422 });
  const denied = await requireRecentPassword(request, context, access.viewer, formData);
  if (denied) return denied;
  // The same limit as the personal page, counted for the account that creates the token.
  if (!(await underRateLimit(getCloudflare(context).env, request, "apiTokenCreate", { account: access.viewer.user.id })))
    return rateLimitedReply({ result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), created: null });
  const { token, tokenHash, prefix } = await generateApiToken();
  const now = new Date();
  const workspaceId = await ensureTeamWorkspace(access.db, access.organization.id, access.team.id, now);
  await createApiToken(
    access.db,
    {
      userId: access.viewer.user.id,
      workspaceId,
      name: submission.value.name,
      prefix,
      tokenHash,
      permissions: submission.value.permissions,
      expiresAt: tokenExpiresAt(submission.value.expiry, now),
    },
    now,
    audit("token.created", submission.value.name),
  );
  return { result: submission.reply({ resetForm: true }), created: { name: submission.value.name, token } };
}

export default function TeamApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { view, base, team, organization, tokens, token, notice, allowed } = loaderData;
  const confirm = isPasswordConfirmReply(actionData) ? actionData.passwordConfirm : null;
  const reply = actionData && !isPasswordConfirmReply(actionData) ? actionData : undefined;
  const [form, fields] = useForm<{ name: string; expiry: string; permissions: string[] }>({
    id: `team-api-token-${view}`,
    lastResult: reply && "result" in reply ? (reply.result ?? undefined) : undefined,
    shouldValidate: "onSubmit",
  });
  const created = reply && "created" in reply ? reply.created : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <SettingsHeading
        title={view === "new" ? "New team API token" : view === "edit" ? "Edit team API token" : "Team API tokens"}
        lead={
          <>
            {organization.name} · {team.name}. Tokens made here act in the team: the REST API reads and writes the team&rsquo;s links.
          </>
        }
      />
      {!allowed ? <Notice tone="info">{API_TOKEN_MESSAGES.notInPlan}</Notice> : null}
      {view === "list" ? (
        <div className="space-y-6">
          {notice ? <Notice tone="success">{notice}</Notice> : null}
          <SettingsCard title="API tokens">
            <Link to={`${base}/new`} className={`inline-block ${settingsButton}`}>
              Create Token
            </Link>
            {tokens.length === 0 ? (
              <p className="mt-5 text-sm text-slate-600">The team has no API tokens yet.</p>
            ) : (
              <ul className="mt-5 divide-y divide-slate-200" aria-label="API tokens">
                {tokens.map((t) => (
                  <li key={t.id} className="flex flex-wrap items-start justify-between gap-3 py-4" data-testid="api-token">
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{t.name}</p>
                      <p className="mt-0.5 font-mono text-xs text-slate-600">{t.prefix}…</p>
                      <p className="mt-1 text-xs text-slate-600">{t.permissions.join(", ")}</p>
                      <p className="mt-1 text-xs text-slate-500">
                        Created <DateTime iso={t.createdAt} /> · Last used {t.lastUsedAt ? <DateTime iso={t.lastUsedAt} /> : "never"}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <Link
                        to={`${base}/edit/${t.id}`}
                        className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
                        aria-label={`Edit ${t.name}`}
                      >
                        Edit
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="tokenId" value={t.id} />
                        <SubmitButton className={settingsDangerButton}>Revoke</SubmitButton>
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </SettingsCard>
        </div>
      ) : created ? (
        <SettingsCard title={created.name}>
          <Notice tone="success">{API_TOKEN_MESSAGES.created}</Notice>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <code data-testid="new-token" className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
              {created.token}
            </code>
            <CopyButton text={created.token} />
          </div>
          <Link to={base} className={`mt-5 inline-block ${settingsButton}`}>
            Done
          </Link>
        </SettingsCard>
      ) : (
        <SettingsCard title="Token details">
          <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
            {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
            <TextField
              label="Name"
              name="name"
              defaultValue={fields.name.initialValue ?? token?.name}
              errors={fields.name.errors}
              maxLength={60}
              required
            />
            {view === "new" ? (
              <div>
                <label htmlFor="field-expiry" className="mb-1.5 block text-sm font-semibold text-slate-800">
                  Expires after
                </label>
                <select
                  id="field-expiry"
                  name="expiry"
                  defaultValue="90d"
                  className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm"
                >
                  {API_TOKEN_EXPIRIES.map((e) => (
                    <option key={e.value} value={e.value}>
                      {e.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <PermissionFields
              selected={token?.permissions ?? ["read", "create"]}
              notInPlan={loaderData.notInPlan}
              errors={fields.permissions.errors}
            />
            <div className="flex items-center gap-3">
              <SubmitButton className={settingsButton} busyText="Saving…">
                {view === "new" ? "Create Token" : "Save"}
              </SubmitButton>
              <Link to={base} className="text-sm font-semibold text-slate-700 hover:underline">
                Cancel
              </Link>
            </div>
          </Form>
        </SettingsCard>
      )}
      {confirm ? <PasswordConfirmDialog request={confirm} /> : null}
    </div>
  );
}
