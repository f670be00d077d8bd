/** Tax ids given on the no-login tax-id form (docs/decisions/046), one per billing customer. */
import { and, eq } from "drizzle-orm";
import type { BillingType } from "../domain/billing";
import type { Db } from "./client.server";
import { billingTaxIds } from "./schema";

export type BillingTaxId = typeof billingTaxIds.$inferSelect;

export async function getTaxId(db: Db, billingType: BillingType, customerId: string): Promise<BillingTaxId | undefined> {
  const [row] = await db
    .select()
    .from(billingTaxIds)
    .where(and(eq(billingTaxIds.billingType, billingType), eq(billingTaxIds.customerId, customerId)))
    .limit(1);
  return row;
}

export async function saveTaxId(db: Db, row: Omit<BillingTaxId, "updatedAt">, now = new Date()): Promise<void> {
  const { billingType: _type, customerId: _customer, ...changes } = row;
  await db
    .insert(billingTaxIds)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: [billingTaxIds.billingType, billingTaxIds.customerId], set: { ...changes, updatedAt: now } });
}
