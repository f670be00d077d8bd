/**
 * Pixel scripts (issue 20, docs/decisions/047): what the personal settings page and the team
 * area's page share — the list as the page shows it, and the add/delete posts for one workspace.
 * The caller has already decided who may change that workspace's pixels (its guard); the
 * workspace comes from the route's guard, never from the form.
 */
import { data, redirect } from "react-router";
import { addPixel, deletePixel, type Pixel } from "../../db/pixels.server";
import type { LinkStores } from "../../db/links.server";
import type { Owner } from "../../db/workspaces.server";
import { PIXEL_KIND_LABELS, PIXEL_MESSAGES } from "../../domain/pixels";
import { MESSAGES } from "../../domain/messages";
import { PIXEL_INTENTS, pixelIdSchema, pixelSchema } from "../forms/pixels";
import type { PixelFieldErrors, PixelsReply, PixelView } from "../components/pixel-scripts";

const NOTICES = { added: PIXEL_MESSAGES.added, deleted: PIXEL_MESSAGES.deleted } as const;

export function pixelViews(pixels: readonly Pixel[]): PixelView[] {
  return pixels.map((p) => ({
    id: p.id,
    kind: p.kind,
    label: PIXEL_KIND_LABELS[p.kind],
    pixelId: p.pixelId,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
  }));
}

/** The notice named by `?done=` after a change. */
export function pixelNotice(request: Request): string | null {
  const done = new URL(request.url).searchParams.get("done");
  return done === "added" || done === "deleted" ? NOTICES[done] : null;
}

/** The add or delete post for the owner's workspace; then back to `page` with its notice. */
export async function pixelsAction(stores: LinkStores, owner: Owner, formData: FormData, page: string) {
  const intent = PIXEL_INTENTS.find((name) => name === formData.get("intent")) ?? null;

  if (intent === "add") {
    const values = {
      kind: String(formData.get("kind") ?? ""),
      pixelId: String(formData.get("pixelId") ?? ""),
      name: String(formData.get("name") ?? ""),
    };
    const parsed = pixelSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: PixelFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "kind" ? "kind" : issue.path[0] === "name" ? "name" : "pixelId";
        (fieldErrors[field] ??= []).push(issue.message);
      }
      return data<PixelsReply>({ intent, fieldErrors, values }, { status: 422 });
    }
    const result = await addPixel(stores, owner, parsed.data);
    if (!result.ok) {
      return result.reason === "duplicate"
        ? data<PixelsReply>({ intent, fieldErrors: { pixelId: [PIXEL_MESSAGES.duplicate] }, values }, { status: 422 })
        : data<PixelsReply>({ intent, formError: PIXEL_MESSAGES.tooMany, values }, { status: 422 });
    }
    return redirect(`${page}?done=added`);
  }

  if (intent === "delete") {
    const parsed = pixelIdSchema.safeParse({ id: formData.get("id") });
    const deleted = parsed.success ? await deletePixel(stores, owner.workspaceId, parsed.data.id) : false;
    if (!deleted) return data<PixelsReply>({ intent, formError: PIXEL_MESSAGES.missing }, { status: 404 });
    return redirect(`${page}?done=deleted`);
  }

  return data<PixelsReply>({ intent: null, formError: MESSAGES.generic }, { status: 400 });
}
