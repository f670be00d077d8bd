/**
 * POST /app/api/url/create (spec 02 §7): the creation payload of spec 02 §3 (JSON or form) into
 * the signed-in user's own workspace, under the rules of the single create form; the answer is
 * the list of created items, each {url, aliases: [{domain, alias, tiny_url, is_main, tags,
 * affiliates, id}]}. The organization variants are routes/organizations/api/url-create.ts.
 */
import { getCloudflare } from "../../context.server";
import { methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import { creatorOf } from "../../lib/create-link.server";
import { createLinkCall } from "../../lib/organization-links.server";
import type { Route } from "./+types/url.create";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST")();
  const viewer = requireApiViewer(context);
  return createLinkCall(getCloudflare(context).env, request, creatorOf(viewer));
}

export const loader = methodNotAllowed("POST");
