export interface QueueEnv {
  DB: D1Database;
  LINKS: KVNamespace;
  UPLOADS: R2Bucket;
  JOBS: Queue;
  /** Salt of the hourly visitor hash; set it as a secret in production. */
  VISITOR_SALT?: string;
}
