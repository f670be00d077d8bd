/**
 * An organization's support requests ({org}/helpdesk, docs/decisions/028): written with their
 * `helpdesk.request` audit row; answered by staff (`answerSupportRequest`, for the kiosk and the
 * dev fixture).
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { auditInsert } from "./audit.server";
import type { Db } from "./client.server";
import { notificationInsert } from "./notifications.server";
import { organizations, supportRequests, users } from "./schema";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

export type SupportRequestRow = {
  id: string;
  subject: string;
  message: string;
  author: string | null;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
};

export async function createSupportRequest(
  db: Db,
  input: { organizationId: string; authorUserId: string; subject: string; message: string },
  now = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(supportRequests).values({ id, ...input, createdAt: now }),
    auditInsert(db, {
      organizationId: input.organizationId,
      actorUserId: input.authorUserId,
      action: "helpdesk.request",
      target: input.subject,
      details: { id },
      at: now,
    }),
  ]);
  return id;
}

/** The organization's requests, newest first, with their answers; with `authorUserId`, only the ones that user wrote. */
export async function listSupportRequests(
  db: Db,
  organizationId: string,
  authorUserId: string | null = null,
  limit = 100,
): Promise<SupportRequestRow[]> {
  return db
    .select({
      id: supportRequests.id,
      subject: supportRequests.subject,
      message: supportRequests.message,
      author: users.name,
      answer: supportRequests.answer,
      answeredAt: supportRequests.answeredAt,
      createdAt: supportRequests.createdAt,
    })
    .from(supportRequests)
    .leftJoin(users, eq(users.id, supportRequests.authorUserId))
    .where(
      and(
        eq(supportRequests.organizationId, organizationId),
        authorUserId === null ? undefined : eq(supportRequests.authorUserId, authorUserId),
      ),
    )
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(limit);
}

/** Staff answer a request (the kiosk; the dev fixture). False when no such request exists. */
export async function answerSupportRequest(
  db: Db,
  input: { id: string; answeredByUserId: string | null; answer: string },
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(supportRequests)
    .set({ answer: input.answer, answeredByUserId: input.answeredByUserId, answeredAt: now })
    .where(and(eq(supportRequests.id, input.id)))
    .returning({ id: supportRequests.id });
  return rows.length > 0;
}

export const STAFF_HELPDESK_LIMIT = 200;

export interface StaffSupportRequestRow extends SupportRequestRow {
  organizationName: string;
  organizationSlug: string;
  authorEmail: string | null;
  answeredBy: string | null;
}

/**
 * Every organization's requests for the kiosk: unanswered ones first, then newest first;
 * `unansweredOnly` leaves the answered ones out.
 */
export async function listSupportRequestsForStaff(
  db: Db,
  options: { unansweredOnly: boolean },
  limit = STAFF_HELPDESK_LIMIT,
): Promise<StaffSupportRequestRow[]> {
  const answerer = alias(users, "answerer");
  return db
    .select({
      id: supportRequests.id,
      subject: supportRequests.subject,
      message: supportRequests.message,
      author: users.name,
      authorEmail: users.email,
      answer: supportRequests.answer,
      answeredAt: supportRequests.answeredAt,
      answeredBy: answerer.email,
      createdAt: supportRequests.createdAt,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
    })
    .from(supportRequests)
    .innerJoin(organizations, eq(organizations.id, supportRequests.organizationId))
    .leftJoin(users, eq(users.id, supportRequests.authorUserId))
    .leftJoin(answerer, eq(answerer.id, supportRequests.answeredByUserId))
    .where(options.unansweredOnly ? isNull(supportRequests.answer) : undefined)
    .orderBy(asc(sql`${supportRequests.answer} is not null`), desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(limit);
}

/** One request as the kiosk's answer needs it; null when it does not exist. */
export async function getSupportRequest(db: Db, id: string) {
  const [row] = await db
    .select({
      id: supportRequests.id,
      subject: supportRequests.subject,
      answer: supportRequests.answer,
      authorUserId: supportRequests.authorUserId,
      organizationSlug: organizations.slug,
    })
    .from(supportRequests)
    .innerJoin(organizations, eq(organizations.id, supportRequests.organizationId))
    .where(eq(supportRequests.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Staff answer a request from the kiosk, or edit their answer: the answer, its staff log row and
 * (on the first answer, when the author still exists) the author's notification in one batch.
 */
export async function staffAnswerSupportRequest(
  db: Db,
  staff: StaffActor,
  request: { id: string; subject: string; organizationSlug: string; authorUserId: string | null; answered: boolean },
  answer: string,
  now = new Date(),
): Promise<void> {
  const update = db
    .update(supportRequests)
    .set({ answer, answeredByUserId: staff.id, answeredAt: now })
    .where(eq(supportRequests.id, request.id));
  const log = staffAuditInsert(db, {
    staff,
    action: request.answered ? "helpdesk.answer-edited" : "helpdesk.answered",
    target: `${request.organizationSlug}: ${request.subject}`,
    details: { id: request.id, organization: request.organizationSlug },
    at: now,
  });
  if (request.answered || !request.authorUserId) {
    await db.batch([update, log]);
    return;
  }
  const notice = notificationInsert(
    db,
    request.authorUserId,
    {
      title: "Your support request was answered",
      body: request.subject,
      url: `/app/organizations/${request.organizationSlug}/helpdesk`,
    },
    now,
  );
  await db.batch([update, log, notice]);
}
