/**
 * GET /app/links/bulk/:id/result.csv (L): the result file of a bulk import, linked from the
 * notification sent when it finishes: one line per row of the uploaded file with its row
 * number, long URL, status (created, already created, refused) and the short link or the
 * reason. Only the import's uploader, or a teammate told of one of its runs (they uploaded the
 * team's file while it was being imported), gets it; anyone else gets 404.
 */
import { data } from "react-router";
import { getBulkImport, isBulkImportRecipient, listBulkImportResults } from "../../../db/bulk-imports.server";
import { getDb } from "../../../db/client.server";
import { BULK_MESSAGES, csvLine } from "../../../domain/bulk";
import { getCloudflare } from "../../context.server";
import { shortUrl } from "../../lib/links.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/bulk.result";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const bulkImport = await getBulkImport(db, params.id);
  const allowed = bulkImport && (bulkImport.userId === viewer.user.id || (await isBulkImportRecipient(db, bulkImport.id, viewer.user.id)));
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
