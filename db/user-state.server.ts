/** The account fields GET /app/api/state reports beyond what the viewer already carries. */
import { eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { billingCustomers, twoFactors, users } from "./schema";

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

/** Spec 01 §3 billing_customers: the user's customer records at the billing providers (0 test mode, 1 Stripe, 2 Paddle). */
export async function listBillingCustomers(db: Db, userId: string) {
  const rows = await db
    .select({
      billingType: billingCustomers.billingType,
      billingId: billingCustomers.billingId,
      pmType: billingCustomers.pmType,
      pmLastFour: billingCustomers.pmLastFour,
      pmExpiration: billingCustomers.pmExpiration,
      pmCountry: billingCustomers.pmCountry,
    })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId))
    .orderBy(billingCustomers.billingType);
  return rows;
}
