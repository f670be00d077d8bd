/** The stores a kiosk trust-and-safety action writes through (decision 036): D1, KV, the redirect cache purge. */
import { linkStores } from "../links.server";
import type { Staff } from "./staff.server";
import type { Stores } from "../../../db/trust-safety.server";

export function safetyStores(staff: Staff): Stores {
  const stores = linkStores(staff.env);
  return { db: staff.db, kv: stores.kv, purge: stores.purge };
}
