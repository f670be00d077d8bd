/**
 * GET /app/links/bulk/:id/result.csv (L): the result file of a bulk import, linked from the
 * notification sent when it finishes: one line per row of the uploaded file with its row
 * number, long URL, status (created, already created, refused) and the short link or the
 * reason. Only the import's uploader, or a teammate told of one of its runs (they uploaded the
 * team's file while it was being imported), gets it, and a team's only while they may still open
 * the team; anyone else gets 404.
 */
import { data } from "react-router";
import { getBulkImport, isBulkImportRecipient, listBulkImportResults } from "../../../db/bulk-imports.server";
import { getDb, type Db } from "../../../db/client.server";
import { findTeamWithOrganization, loadStanding } from "../../../db/organizations.server";
import { can } from "../../../domain/permissions";
import { actorOf } from "../../lib/organizations/access.server";
import { BULK_MESSAGES, csvLine } from "../../../domain/bulk";
import { getCloudflare } from "../../context.server";
import { shortUrl } from "../../lib/links.server";
import { requireUser, type Viewer } from "../../session.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/bulk.result";

/**
 * A team's import lists the team's links: its uploader reads the result file only while they may
 * still open the team (team.open; a member who left, or was removed, no longer does).
 */
async function mayStillReadWorkspace(db: Db, viewer: Viewer, workspaceId: string | null): Promise<boolean> {
  const found = workspaceId ? await findTeamWithOrganization(db, workspaceId) : null;
  if (!found) return true;
  const standing = await loadStanding(db, viewer.user.id, found.organization);
  return can(actorOf(viewer), "team.open", { kind: "team", standing, team: found.team });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const bulkImport = await getBulkImport(db, params.id);
  const allowed =
    bulkImport &&
    (bulkImport.userId === viewer.user.id || (await isBulkImportRecipient(db, bulkImport.id, viewer.user.id))) &&
    (await mayStillReadWorkspace(db, viewer, bulkImport.workspaceId));
  if (!bulkImport || !allowed) throw data("Not Found", { status: 404 });
  const rows = await listBulkImportResults(db, bulkImport.id);
  const lines = [csvLine(["row", "url", "status", "short link or reason"])];
  for (const row of rows) {
    if (row.status === "refused") lines.push(csvLine([row.row, row.url, "refused", row.reason]));
    else {
      const link = row.domain && row.alias ? shortUrl(env, request, { domain: row.domain, alias: row.alias }) : "";
      lines.push(csvLine([row.row, row.url, row.run < bulkImport.run ? BULK_MESSAGES.alreadyCreated : "created", link]));
    }
  }
  const base = bulkImport.fileName.replace(/\.[A-Za-z0-9]+$/, "").replace(/[^A-Za-z0-9_-]+/g, "-") || "bulk";
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${base}-results.csv"`,
      "cache-control": "private, no-store",
    },
  });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
