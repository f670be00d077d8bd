/** The stores a kiosk trust-and-safety action writes through (decision 036): D1, KV, the redirect cache purge, and the jobs queue for a KV write to retry (060). */
import { linkStores } from "../links.server";
import type { Staff } from "./staff.server";
import type { Stores } from "../../../db/trust-safety.server";

/** With the configured BANNED_DOMAINS, so a kiosk action decides holds with the same list as the hourly sweep. */
export function safetyStores(staff: Staff): Stores {
  const stores = linkStores(staff.env);
  return {
    db: staff.db,
    kv: stores.kv,
    purge: stores.purge,
    purgeHosts: (hosts) => staff.env.REDIRECT.purgeHosts(hosts),
    env: staff.env,
    jobs: staff.env.JOBS,
  };
}
