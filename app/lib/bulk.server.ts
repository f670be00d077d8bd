/**
 * Bulk creation on the server (spec 02 §2 Bulk form, §3 Bulk payload/response, §4, §5, §7, §8):
 * who may use it, the multipart upload (type by extension and bytes, 10MB; not parsed), the
 * file stored in R2 under its content hash, the import recorded (one per user, file and domain)
 * and the job sent. Shared by the form's page (/app/links/bulk) and the JSON call
 * (/app/api/bulk/csv).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "./blocked-addresses.server";
import { data } from "react-router";
import { auditInsert } from "../../db/audit.server";
import { startBulkImport } from "../../db/bulk-imports.server";
import { getDb, type Db } from "../../db/client.server";
import {
  BULK_FILE_MESSAGES,
  BULK_MAX_BYTES,
  bulkFileKey,
  bulkImportEnvelope,
  canBulkCreate,
  type BulkImportPayload,
} from "../../domain/bulk";
import { countCsvRows, sniffBulkFormat } from "../../domain/bulk-file";
import { DOMAIN_MESSAGES, domainLock } from "../../domain/domains";
import type { Subject } from "../../domain/entitlements";
import { MESSAGES } from "../../domain/messages";
import type { AppEnv } from "../env.server";
import type { BulkReply } from "../forms/bulk";
import type { Viewer } from "../session.server";
import { formDataWithin } from "./body-limit.server";
import { FORM_BODY_MESSAGES } from "./form-body.server";
import { customAliasLock, domainsFor, userChooser } from "./create-link.server";
import { destinationContext } from "./links.server";

/** Bulk creation needs both the create and the bulk capabilities (spec 02 §6), and a trial that is not past due. */
export function canBulk(viewer: Viewer): boolean {
  return canBulkCreate(viewer.subject) && !viewer.pastDueTrial;
}

export interface BulkUpload {
  file: { name: string; size: number; bytes: () => Promise<Uint8Array> } | null;
  domain: string;
  withHeader: boolean;
}

export interface BulkHandles {
  db: Db;
  uploads: R2Bucket;
  jobs: Pick<Queue, "send">;
}

/** Request bodies bigger than this are refused (counted as read): the file's cap plus the form's other fields. */
export const BULK_MAX_REQUEST_BYTES = BULK_MAX_BYTES + 64 * 1024;

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Validates an upload (type, size), stores the file and schedules its import. Answers the number
 * of data rows of a CSV (the "Total items added"; null for the other types, which only the queue
 * consumer opens), or the errors by field. The same file on the same domain again reuses its
 * import: its created rows are not created again.
 */
export async function acceptBulkUpload(
  handles: BulkHandles,
  who: Omit<BulkImportPayload, "importId">,
  domains: readonly string[],
  upload: BulkUpload,
  /** The audit row of an import inside an organization, written in the same batch as the import. */
  audit?: (db: Db, total: number | null, fileName: string) => BatchItem<"sqlite">,
): Promise<BulkReply> {
  const { file } = upload;
  if (!file || file.size === 0 || file.name === "") return { errors: { file: [BULK_FILE_MESSAGES.required] } };
  if (file.size > BULK_MAX_BYTES) return { errors: { file: [BULK_FILE_MESSAGES.max] } };
  const domain = (upload.domain || domains[0] || "").toLowerCase();
  if (!domains.includes(domain)) return { errors: { domain: [DOMAIN_MESSAGES.invalid] } };
  const bytes = await file.bytes();
  if (bytes.length > BULK_MAX_BYTES) return { errors: { file: [BULK_FILE_MESSAGES.max] } };
  // The type, by name and signature; the contents are read by the queue consumer only
  // (docs/decisions/020): a CSV's lines are counted for the reply, nothing is parsed or inflated.
  const format = sniffBulkFormat(file.name, bytes);
  if (!format) return { errors: { file: [BULK_FILE_MESSAGES.type] } };
  const total = format === "csv" ? countCsvRows(bytes, upload.withHeader) : null;
  if (total === 0) return { errors: { file: [BULK_FILE_MESSAGES.empty] } };

  const fileHash = await sha256Hex(bytes);
  const key = bulkFileKey(fileHash);
  if (!(await handles.uploads.head(key))) {
    await handles.uploads.put(key, bytes, { customMetadata: { format } });
  }
  const { bulkImport, schedule } = await startBulkImport(
    handles.db,
    {
      userId: who.userId,
      workspaceId: who.workspaceId ?? who.userId,
      fileHash,
      fileName: file.name.slice(0, 255),
      format,
      domain,
      withHeader: upload.withHeader,
      // Set from the parsed file by the consumer's first run.
      total: total ?? 0,
    },
    undefined,
    audit?.(handles.db, total, file.name.slice(0, 255)),
  );
  if (schedule) await handles.jobs.send(bulkImportEnvelope({ ...who, importId: bulkImport.id }));
  return { total };
}

/**
 * Where an upload's links go when it is not the viewer's personal workspace: a team's or the
 * viewer's own inside an organization, with the capabilities in force there (docs/decisions/027).
 */
export interface BulkTarget {
  workspaceId: string;
  organizationId: string;
  subject: Subject;
  subscribed: boolean;
  /** A team's workspace: its organization's domains for it join the domain list (decision 044). */
  teamId?: string | null;
}

/** The multipart post of the form or the JSON call: capability, body size, then acceptBulkUpload. */
export async function bulkUploadAction(
  env: AppEnv,
  request: Request,
  viewer: Viewer,
  target?: BulkTarget,
): Promise<{ status: number; reply: BulkReply }> {
  const subject = target?.subject ?? viewer.subject;
  if (!canBulkCreate(subject) || viewer.pastDueTrial) return { status: 403, reply: { errors: { form: [MESSAGES.permissionDenied] } } };
  // A blocked address (kiosk `ips`, decision 032) creates no links, as the single form.
  if (await isAddressBlocked(env, request)) return { status: 403, reply: { errors: { form: [BLOCKED_ADDRESS_MESSAGE] } } };
  // The bytes read are counted (not the Content-Length header): reading stops past the limit.
  const body = await formDataWithin(request, BULK_MAX_REQUEST_BYTES);
  if (!body.ok && body.reason === "too-large") return { status: 413, reply: { errors: { file: [BULK_FILE_MESSAGES.max] } } };
  if (!body.ok) return { status: 422, reply: { errors: { file: [BULK_FILE_MESSAGES.required] } } };
  const form = body.form;
  const file = form.get("file");
  const withHeader = form.get("withHeader") ?? form.get("with_header");
  // The same domain rules as the single form: only the domains open to this user in this
  // workspace, its branded ones included (its own, and a team's organization domains: decision 044).
  const chooser = target ? { ...userChooser(viewer), subscribed: target.subscribed } : userChooser(viewer);
  const table = await domainsFor(env, {
    workspaceId: target?.workspaceId ?? viewer.user.id,
    subject,
    organizationId: target?.organizationId ?? null,
    teamId: target?.teamId ?? null,
  });
  const domains = table.filter((d) => domainLock(d, chooser) === null).map((d) => d.domain);
  const context = await destinationContext(env, request);
  const reply = await acceptBulkUpload(
    { db: getDb(env.DB), uploads: env.UPLOADS, jobs: env.BULK },
    {
      userId: viewer.user.id,
      workspaceId: target?.workspaceId ?? viewer.user.id,
      subject: { plan: subject.plan, userFeatures: [...(subject.userFeatures ?? [])] },
      customAlias: target
        ? customAliasLock({
            userId: viewer.user.id,
            workspaceId: target.workspaceId,
            subject,
            subscribed: target.subscribed,
            emailVerified: viewer.user.emailVerified,
          }) === null
        : customAliasLock(viewer) === null,
      ownHosts: [...context.ownHosts],
      bannedDomains: [...(context.bannedDomains ?? [])],
    },
    domains,
    {
      file: file instanceof File ? { name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) } : null,
      domain: String(form.get("domain") ?? ""),
      // A checkbox: "on" (or "true"/"1" from the JSON call) when ticked, absent otherwise.
      withHeader: typeof withHeader === "string" && ["on", "true", "1"].includes(withHeader),
    },
    target
      ? (db, total, fileName) =>
          auditInsert(db, {
            organizationId: target.organizationId,
            actorUserId: viewer.user.id,
            action: "links.imported",
            target: fileName,
            details: { workspaceId: target.workspaceId, total },
          })
      : undefined,
  );
  return { status: reply.errors ? 422 : 200, reply };
}

/**
 * The page action's answer (the form shows errors under the fields, or the result). The form
 * posts: another method (PUT, PATCH, DELETE) is 405 and schedules nothing, as on every page action.
 */
export async function bulkFormAction(env: AppEnv, request: Request, viewer: Viewer) {
  if (request.method !== "POST") throw data(FORM_BODY_MESSAGES.method, { status: 405 });
  const { status, reply } = await bulkUploadAction(env, request, viewer);
  return data(reply, { status });
}
