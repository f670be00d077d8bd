/**
 * Bulk imports (spec 02 §2 Bulk form, §3 Bulk payload): one import per user, uploaded file
 * (by content hash) and short domain, so uploading the same file again reuses it; and the
 * per-row ledger the queue consumer writes in the same db.batch as the links it creates, which
 * makes an import resumable and a re-upload create nothing new (docs/decisions/009).
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BULK_FORMATS } from "../../domain/bulk";
import { users } from "./auth";
import { workspaces } from "./workspaces";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * `held` (issue 19, decision 045): the uploader's account is terminated or banned, so the consumer
 * created nothing; staff see it on the kiosk; uploading the file again once restored starts it again.
 */
export const BULK_IMPORT_STATUSES = ["queued", "running", "done", "failed", "held"] as const;

export const bulkImports = sqliteTable(
  "bulk_imports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The owning workspace (docs/decisions/027); `user_id` is who created the row. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    /** SHA-256 of the file's bytes (hex); the file is stored in R2 under bulk/{fileHash}. */
    fileHash: text("file_hash").notNull(),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: BULK_FORMATS }).notNull(),
    domain: text("domain").notNull(),
    withHeader: integer("with_header", { mode: "boolean" }).notNull(),
    /** Data rows found on upload (blank rows not counted): the "Total items added". */
    total: integer("total").notNull(),
    status: text("status", { enum: BULK_IMPORT_STATUSES }).notNull().default("queued"),
    /** Incremented on every upload of the same file; rows created by an earlier run read "already created". */
    run: integer("run").notNull().default(1),
    created: integer("created").notNull().default(0),
    refused: integer("refused").notNull().default(0),
    /** Why a whole import failed (an unreadable file); null otherwise. */
    error: text("error"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    uniqueIndex("bulk_imports_workspace_file_domain").on(t.workspaceId, t.fileHash, t.domain),
    index("bulk_imports_user").on(t.userId, t.createdAt),
  ],
);

/**
 * One row of an import: `row` is the spreadsheet's own row number (1-based, header included),
 * so a re-upload with the header choice flipped still finds the rows it already did.
 */
export const bulkImportRows = sqliteTable(
  "bulk_import_rows",
  {
    importId: text("import_id")
      .notNull()
      .references(() => bulkImports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    status: text("status", { enum: ["created", "refused"] }).notNull(),
    url: text("url").notNull(),
    /** The created link (no foreign key: a deleted link keeps its ledger row). */
    linkId: text("link_id"),
    alias: text("alias"),
    reason: text("reason"),
    /** The run of the import that wrote this row. */
    run: integer("run").notNull(),
    /** 1 once the created link's record is in KV; a retry re-publishes the rest. */
    published: integer("published", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/**
 * Who else is told when a run of an import ends: a teammate who uploads a team's file while that
 * file is still being imported joins the run (nothing is scheduled twice) and, as the upload's
 * answer promises (spec 02 §8), gets its notification, and the result file, like the uploader.
 * When a teammate's upload starts a finished import again, the previous uploader is kept here for
 * their run, so the result file their notification links to still opens for them.
 */
export const bulkImportRecipients = sqliteTable(
  "bulk_import_recipients",
  {
    importId: text("import_id")
      .notNull()
      .references(() => bulkImports.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The run they joined: its end notifies them. */
    run: integer("run").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.userId, t.run] })],
);
