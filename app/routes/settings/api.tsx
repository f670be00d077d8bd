/**
 * /app/settings/api (L and V): the user's API tokens (name, prefix, permissions, created, last
 * used, expiry) with edit and revoke; a token revoked here is refused on its next request.
 * Without the plan's API the page says so and links to the pricing page.
 */
import { data, Form, Link, redirect } from "react-router";
import { listApiTokens, revokeApiToken } from "../../../db/api-tokens.server";
import { getDb } from "../../../db/client.server";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules";
import { API_PERMISSION_LABELS, API_V2_BASE, OPENAPI_V2_PATH } from "../../../domain/api";
import { can, limitOf } from "../../../domain/entitlements";
import { Notice, SubmitButton } from "../../components/form-fields";
import { Dialog } from "../../components/dialog";
import {
  DateTime,
  SettingsCard,
  SettingsHeading,
  settingsButton,
  settingsDangerButton,
  settingsSecondaryButton,
} from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { API_TOKEN_MESSAGES } from "../../forms/api-tokens-rules";
import { requireApiSettings } from "../../lib/api-settings.server";
import type { Route } from "./+types/api";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "API | Snip" }];

const NOTICES = { saved: API_TOKEN_MESSAGES.saved, revoked: API_TOKEN_MESSAGES.revoked } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiSettings(request, context, { needApi: false });
  const { env } = getCloudflare(context);
  const allowed = can(viewer.subject, "use_api");
  const tokens = allowed ? await listApiTokens(getDb(env.DB), viewer.user.id) : [];
  const notice = new URL(request.url).searchParams.get("notice");
  const now = Date.now();
  return {
    allowed,
    credits: limitOf(viewer.subject, "max_api_credits"),
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      permissions: t.permissions.map((p) => API_PERMISSION_LABELS[p].label),
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
      expiresAt: t.expiresAt?.toISOString() ?? null,
      expired: t.expiresAt !== null && t.expiresAt.getTime() <= now,
    })),
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireApiSettings(request, context);
  const formData = await requestFormData(request);
  const tokenId = formData.get("tokenId");
  // A post the page's forms never send: the general message of spec 01 §5, shown on the page.
  if (formData.get("intent") !== "revoke" || typeof tokenId !== "string") return data({ error: ACCOUNT_MESSAGES.generic }, { status: 400 });
  const revoked = await revokeApiToken(getDb(getCloudflare(context).env.DB), viewer.user.id, tokenId);
  if (!revoked) throw data("Not Found", { status: 404 });
  return redirect("/app/settings/api?notice=revoked");
}

export default function ApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { allowed, tokens, credits, notice } = loaderData;
  return (
    <>
      <SettingsHeading
        title="API"
        lead={
          <>
            Tokens for the REST API at <code className="rounded bg-slate-100 px-1">{API_V2_BASE}</code>. Read the{" "}
            <Link to="/app/dev" className="font-semibold text-indigo-700 hover:underline">
              API reference
            </Link>{" "}
            or fetch the{" "}
            <a href={OPENAPI_V2_PATH} className="font-semibold text-indigo-700 hover:underline">
              OpenAPI document
            </a>
            .
          </>
        }
      />
      {!allowed ? (
        <SettingsCard title="API access">
          <p className="text-sm text-slate-700">{API_TOKEN_MESSAGES.notInPlan}</p>
          <Link to="/app/pricing" className={`mt-4 inline-block ${settingsButton}`}>
            See plans
          </Link>
        </SettingsCard>
      ) : (
        <div className="space-y-6">
          {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
          {notice && !actionData?.error ? <Notice tone="success">{notice}</Notice> : null}
          <SettingsCard
            title="API tokens"
            description={`Every call costs 1 API credit (a bulk call 1 a link); your plan includes ${credits === null ? "unlimited credits" : `${credits.toLocaleString("en-US")} credits a month`}.`}
          >
            <Link to="/app/settings/api/new" className={`inline-block ${settingsButton}`}>
              Create Token
            </Link>
            {tokens.length === 0 ? (
              <p className="mt-5 text-sm text-slate-600">You have no API tokens yet.</p>
            ) : (
              <ul className="mt-5 divide-y divide-slate-200" aria-label="API tokens">
                {tokens.map((token) => (
                  <li key={token.id} className="py-4" data-testid="api-token">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold text-slate-900">{token.name}</p>
                        <p className="mt-0.5 font-mono text-xs text-slate-600">{token.prefix}…</p>
                        <p className="mt-1 text-xs text-slate-600">{token.permissions.join(", ")}</p>
                        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-500">
                          <dt>Created</dt>
                          <dd>
                            <DateTime iso={token.createdAt} />
                          </dd>
                          <dt>Last used</dt>
                          <dd data-testid="last-used">{token.lastUsedAt ? <DateTime iso={token.lastUsedAt} /> : "Never"}</dd>
                          <dt>Expires</dt>
                          <dd>
                            {token.expiresAt ? <DateTime iso={token.expiresAt} /> : "Never"}
                            {token.expired ? <strong className="ml-1 text-red-700">(expired)</strong> : null}
                          </dd>
                        </dl>
                      </div>
                      <div className="flex items-center gap-2">
                        <Link
                          to={`/app/settings/api/edit/${token.id}`}
                          className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
                          aria-label={`Edit ${token.name}`}
                        >
                          Edit
                        </Link>
                        <button
                          type="button"
                          commandfor={`revoke-${token.id}`}
                          command="show-modal"
                          className={settingsDangerButton}
                          aria-label={`Revoke ${token.name}`}
                        >
                          Revoke
                        </button>
                        <Dialog id={`revoke-${token.id}`} title="Revoke this token?">
                          <p>
                            Programs using <strong>{token.name}</strong> ({token.prefix}…) are refused from their next request. This cannot
                            be undone.
                          </p>
                          <Form method="post" className="flex justify-end gap-3">
                            <input type="hidden" name="intent" value="revoke" />
                            <input type="hidden" name="tokenId" value={token.id} />
                            <button type="button" commandfor={`revoke-${token.id}`} command="close" className={settingsSecondaryButton}>
                              Cancel
                            </button>
                            <SubmitButton className={settingsDangerButton}>Revoke Token</SubmitButton>
                          </Form>
                        </Dialog>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </SettingsCard>
        </div>
      )}
    </>
  );
}
