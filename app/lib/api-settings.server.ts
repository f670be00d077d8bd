/** What the API token pages share on the server: the guard (L and V, then the plan's use_api) and plan notes. */
import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { API_PERMISSIONS, PERMISSION_FLAGS, type ApiPermission } from "../../domain/api";
import { can } from "../../domain/entitlements";
import { requireVerified, type Viewer } from "../session.server";

/** L and V (spec 01 §2); the new and edit pages also need the plan's API, otherwise the API page explains. */
export function requireApiSettings(request: Request, context: Readonly<RouterContextProvider>, { needApi = true } = {}): Viewer {
  const viewer = requireVerified(request, context);
  if (needApi && !can(viewer.subject, "use_api")) throw redirect("/app/settings/api");
  return viewer;
}

export function permissionsNotInPlan(viewer: Viewer): ApiPermission[] {
  return API_PERMISSIONS.filter((permission) => !PERMISSION_FLAGS[permission].every((flag) => can(viewer.subject, flag)));
}
