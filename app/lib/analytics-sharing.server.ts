/**
 * The owner side of a shared analytics page (issue 20): the capabilities of the user whose
 * personal workspace holds the link, read on every public view so a downgrade ends the sharing.
 */
import { getUserSubscriptions } from "../../db/accounts.server";
import type { Db } from "../../db/client.server";
import { getUserEntitlementFields } from "../../db/users.server";
import type { Subject } from "../../domain/entitlements";
import { parseFeatures, planInForce } from "../session.server";

/** The subject in force in a personal workspace (its id is its user's id); null when no user has that id. */
export async function personalWorkspaceSubject(db: Db, workspaceId: string, now = new Date()): Promise<Subject | null> {
  const [fields, { current }] = await Promise.all([getUserEntitlementFields(db, workspaceId), getUserSubscriptions(db, workspaceId)]);
  if (!fields) return null;
  return planInForce(current, parseFeatures(fields.features), now).subject;
}
