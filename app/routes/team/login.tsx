/**
 * /app/organization/{org}/team/{team}/login: the team's login page, where a 424 on switching sends
 * the browser (spec 01 §4; a team whose options require single sign-on, domain/teams.ts
 * `requiresSso`). Single sign-on arrives with a later issue; until then the page says so. It sits
 * outside the team area, whose check would send the browser back here.
 */
import { Link } from "react-router";
import { AuthCard } from "../../components/form-fields";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Team Sign-In | Snip" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(request, context);
  return { team: params.team };
}

export default function TeamLogin({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Sign in to the team" lead={<>The team {loaderData.team} signs in through its organization&apos;s single sign-on.</>}>
      <p className="text-sm leading-6 text-slate-600">
        Single sign-on is not available yet, so this team cannot be opened. Ask the team&apos;s admin, or keep working in your account.
      </p>
      <Link to="/app/settings/teams" className="block text-center font-semibold text-indigo-700 hover:underline">
        Back to your teams
      </Link>
    </AuthCard>
  );
}
