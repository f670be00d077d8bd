/**
 * /app/organization/{org}/team/{team}/login: the team's login page, where a 424 on switching sends
 * the browser (spec 01 §4; a team whose options require single sign-on, domain/teams.ts
 * `requiresSso`). It starts single sign-on at the organization's identity provider for the
 * signed-in user's own email (never one the browser sends); back from the provider the session
 * is marked with the organization and the team opens (docs/decisions/034). It sits outside the
 * team area, whose check would send the browser back here.
 */
import { data, Form, Link } from "react-router";
import { getDb } from "../../../db/client.server";
import { findOrganizationBySlug } from "../../../db/organizations.server";
import { SSO_MESSAGES } from "../../../domain/sso";
import { teamAreaPath } from "../../../domain/teams";
import { AuthCard, Notice, SubmitButton } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { ssoOrganizationForEmail, startSso } from "../../lib/sso/flow.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import { requirePost } from "../../lib/form-body.server";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Team Sign-In | Snip" }];

/** Whether the signed-in user's email belongs to this organization's single sign-on. */
async function ssoFor(args: Route.LoaderArgs | Route.ActionArgs) {
  const viewer = requireUser(args.request, args.context);
  const { env } = getCloudflare(args.context);
  const organization = args.params.org ? await findOrganizationBySlug(getDb(env.DB), args.params.org) : null;
  const sso = await ssoOrganizationForEmail(env, viewer.user.email);
  const available = organization !== null && sso !== null && sso.organizationId === organization.id;
  return { viewer, available };
}

export async function loader(args: Route.LoaderArgs) {
  const { available } = await ssoFor(args);
  return { team: args.params.team, available };
}

export async function action(args: Route.ActionArgs) {
  const { viewer, available } = await ssoFor(args);
  requirePost(args.request);
  if (!available) return data({ error: SSO_MESSAGES.outsideDomains }, { status: 422 });
  const started = await startSso(args.request, args.context, {
    email: viewer.user.email,
    to: teamAreaPath(args.params.org, args.params.team),
    userId: viewer.user.id,
  });
  if (!started.ok) return data({ error: started.message }, { status: 422 });
  return started.response;
}

export default function TeamLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Sign in to the team" lead={<>The team {loaderData.team} signs in through its organization&apos;s single sign-on.</>}>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {loaderData.available ? (
        <Form method="post">
          <SubmitButton busyText="Continuing…">Continue with SSO</SubmitButton>
        </Form>
      ) : (
        <p className="text-sm leading-6 text-slate-600">
          Your account&apos;s email is not in one of the organization&apos;s verified single sign-on domains, so this team cannot be opened.
          Ask the team&apos;s admin, or keep working in your account.
        </p>
      )}
      <Link to="/app/settings/teams" className="block text-center font-semibold text-indigo-700 hover:underline">
        Back to your teams
      </Link>
    </AuthCard>
  );
}
