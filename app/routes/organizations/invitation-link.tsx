/**
 * /app/invitations/{token}: the link of an invitation mail (docs/decisions/030). The token is
 * looked up by its SHA-256 hash. Nothing is answered here: answering happens signed in, from the
 * navigation bar's Invitations popover, for the user whose verified email is the invitation's.
 * - signed in: to the homepage with the Invitations popover open;
 * - signed out, the address has an account: to sign-in, coming back here;
 * - signed out, no account: to sign-up with the address filled in.
 * An unknown token is a 404; a closed invitation shows why.
 */
import { data, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { findInvitationByTokenHash, findUserByEmail } from "../../../db/invitations.server";
import { INVITATION_MESSAGES } from "../../../domain/invitations";
import { getCloudflare } from "../../context.server";
import { hashInvitationToken } from "../../lib/organizations/invitations.server";
import { getViewer } from "../../session.server";
import type { Route } from "./+types/invitation-link";

export const meta: Route.MetaFunction = () => [{ title: "Invitation | Snip" }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const db = getDb(getCloudflare(context).env.DB);
  const invitation = await findInvitationByTokenHash(db, await hashInvitationToken(params.token));
  if (!invitation) throw data("Not Found", { status: 404 });
  if (invitation.state !== "pending") {
    const message =
      invitation.state === "expired"
        ? INVITATION_MESSAGES.expired
        : invitation.state === "revoked"
          ? INVITATION_MESSAGES.revoked
          : INVITATION_MESSAGES.answered;
    return { message };
  }
  const viewer = getViewer(context);
  if (viewer) return redirect("/?invitations=open");
  const here = `/app/invitations/${encodeURIComponent(params.token)}`;
  if (await findUserByEmail(db, invitation.email)) return redirect(`/app/login?to=${encodeURIComponent(here)}`);
  return redirect(`/app/register?email=${encodeURIComponent(invitation.email)}`);
}

export default function InvitationLink({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold">Invitation</h1>
      <p role="alert" className="mt-4 text-slate-600">
        {loaderData.message}
      </p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
        Go to the homepage
      </Link>
    </div>
  );
}
