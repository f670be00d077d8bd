/** The account fields GET /app/api/state reports beyond what the viewer already carries. */
import { eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { twoFactors, users } from "./schema";

export interface UserStateFields {
  emailVerifiedAt: Date | null;
  surveyEnabled: boolean;
  /** Backup codes not used yet (0 without two-factor authentication). */
  activeBackupCodes: number;
}

function countCodes(stored: string | undefined): number {
  if (!stored) return 0;
  try {
    const codes = JSON.parse(stored) as unknown;
    return Array.isArray(codes) ? codes.length : 0;
  } catch {
    return 0;
  }
}

export async function getUserStateFields(db: Db, userId: string): Promise<UserStateFields> {
  const [user, twoFactor] = await db.batch([
    db.select({ emailVerifiedAt: users.emailVerifiedAt, surveyEnabled: users.surveyEnabled }).from(users).where(eq(users.id, userId)),
    db.select({ backupCodes: twoFactors.backupCodes }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1),
  ]);
  return {
    emailVerifiedAt: user[0]?.emailVerifiedAt ?? null,
    surveyEnabled: user[0]?.surveyEnabled ?? false,
    activeBackupCodes: countCodes(twoFactor[0]?.backupCodes),
  };
}
