/**
 * Announcements as staff manage them in the kiosk (issue 19, decision 032): drafts, edits,
 * publishing and unpublishing, each with its staff audit row in the same batch. Users read the
 * published ones through db/notifications.server.ts.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { announcements } from "./schema";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

export interface AnnouncementInput {
  title: string;
  body: string;
  url: string | null;
}

export async function listAnnouncementsForStaff(db: Db, limit = 100) {
  return db.select().from(announcements).orderBy(desc(announcements.createdAt)).limit(limit);
}

export async function getAnnouncement(db: Db, id: string) {
  return (await db.select().from(announcements).where(eq(announcements.id, id)).limit(1))[0] ?? null;
}

/** A new announcement: a draft, or published at once when `publish` is set. */
export async function createStaffAnnouncement(db: Db, staff: StaffActor, input: AnnouncementInput, publish: boolean, now = new Date()) {
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(announcements).values({ id, ...input, createdAt: now, updatedAt: now, publishedAt: publish ? now : null }),
    staffAuditInsert(db, { staff, action: "announcement.created", target: input.title, details: { id }, at: now }),
    ...(publish ? [staffAuditInsert(db, { staff, action: "announcement.published", target: input.title, details: { id }, at: now })] : []),
  ]);
  return id;
}

export async function updateStaffAnnouncement(db: Db, staff: StaffActor, id: string, input: AnnouncementInput, now = new Date()) {
  await db.batch([
    db
      .update(announcements)
      .set({ ...input, updatedAt: now })
      .where(eq(announcements.id, id)),
    staffAuditInsert(db, { staff, action: "announcement.updated", target: input.title, details: { id }, at: now }),
  ]);
}

/**
 * Publishing stamps the publish time (so it counts as unread for everyone who read before it);
 * unpublishing clears it. Publishing again after an unpublish is a new publication.
 */
export async function setAnnouncementPublished(db: Db, staff: StaffActor, id: string, title: string, publish: boolean, now = new Date()) {
  await db.batch([
    db
      .update(announcements)
      .set({ publishedAt: publish ? now : null, updatedAt: now })
      .where(eq(announcements.id, id)),
    staffAuditInsert(db, {
      staff,
      action: publish ? "announcement.published" : "announcement.unpublished",
      target: title,
      details: { id },
      at: now,
    }),
  ]);
}

export async function deleteStaffAnnouncement(db: Db, staff: StaffActor, id: string, title: string, now = new Date()) {
  await db.batch([
    db.delete(announcements).where(eq(announcements.id, id)),
    staffAuditInsert(db, { staff, action: "announcement.deleted", target: title, details: { id }, at: now }),
  ]);
}
