/**
 * An organization's support requests ({org}/helpdesk, docs/decisions/028): written with their
 * `helpdesk.request` audit row; answered by staff (`answerSupportRequest`, for the kiosk and the
 * dev fixture).
 */
import { and, desc, eq } from "drizzle-orm";
import { auditInsert } from "./audit.server";
import type { Db } from "./client.server";
import { supportRequests, users } from "./schema";

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

/** The organization's requests, newest first, with their answers. */
export async function listSupportRequests(db: Db, organizationId: string, limit = 100): Promise<SupportRequestRow[]> {
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
    .where(eq(supportRequests.organizationId, organizationId))
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
