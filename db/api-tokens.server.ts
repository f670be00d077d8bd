/**
 * API tokens: one module for the entity. Tokens are found by the SHA-256 hash of what the
 * caller sends; the plaintext is never stored. Revoked tokens stay (revoked_at) so the hash
 * can never answer again, and are not listed.
 */
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { parsePermissions, type ApiPermission } from "../domain/api";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client.server";
import { apiRateWindows, apiTokens } from "./schema";

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type ApiToken = Omit<ApiTokenRow, "permissions" | "tokenHash"> & { permissions: ApiPermission[] };

function toToken({ tokenHash: _hash, permissions, ...row }: ApiTokenRow): ApiToken {
  return { ...row, permissions: parsePermissions(permissions) };
}

export interface NewApiToken {
  /** Who made it. */
  userId: string;
  /** The workspace it acts in: the maker's personal one, or a team's (docs/decisions/027). */
  workspaceId: string;
  name: string;
  prefix: string;
  tokenHash: string;
  permissions: readonly ApiPermission[];
  expiresAt: Date | null;
  rateLimitPerMinute?: number | null;
}

/** `audit`: the audit row of a token made inside an organization, written in the same batch. */
export async function createApiToken(db: Db, input: NewApiToken, now = new Date(), audit?: BatchItem<"sqlite">): Promise<ApiToken> {
  const insert = db
    .insert(apiTokens)
    .values({
      id: crypto.randomUUID(),
      userId: input.userId,
      workspaceId: input.workspaceId,
      name: input.name,
      prefix: input.prefix,
      tokenHash: input.tokenHash,
      permissions: JSON.stringify(input.permissions),
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
      expiresAt: input.expiresAt,
      createdAt: now,
    })
    .returning();
  const [row] = audit ? (await db.batch([insert, audit]))[0] : await insert;
  return toToken(row!);
}

/** A workspace's tokens that are not revoked, newest first. */
export async function listApiTokens(db: Db, workspaceId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(toToken);
}

/** One of the workspace's tokens that is not revoked; undefined otherwise. */
export async function getUserApiToken(db: Db, workspaceId: string, id: string): Promise<ApiToken | undefined> {
  const row = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)))
    .get();
  return row ? toToken(row) : undefined;
}

export async function updateApiToken(
  db: Db,
  workspaceId: string,
  id: string,
  changes: { name: string; permissions: readonly ApiPermission[] },
): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ name: changes.name, permissions: JSON.stringify(changes.permissions) })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length === 1;
}

export async function revokeApiToken(
  db: Db,
  workspaceId: string,
  id: string,
  now = new Date(),
  audit?: BatchItem<"sqlite">,
): Promise<boolean> {
  const update = db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  // Callers pass an audit row only for a live token of the workspace they have just read.
  const rows = audit ? (await db.batch([update, audit]))[0] : await update;
  return rows.length === 1;
}

/** The live token with this hash (not revoked, not expired); undefined otherwise. */
export async function findApiTokenByHash(db: Db, tokenHash: string, now = new Date()): Promise<ApiToken | undefined> {
  const row = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash)).get();
  if (!row || row.revokedAt !== null) return undefined;
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return undefined;
  return toToken(row);
}

/**
 * Counts one request in the token's current minute, notes the token as used, and prunes its
 * older windows, in one batch. Returns the requests made in this minute, this one included.
 */
export async function recordApiTokenUse(db: Db, tokenId: string, now = new Date()): Promise<number> {
  const window = Math.floor(now.getTime() / 60_000);
  const [counted] = await db.batch([
    db
      .insert(apiRateWindows)
      .values({ tokenId, window, count: 1 })
      .onConflictDoUpdate({ target: [apiRateWindows.tokenId, apiRateWindows.window], set: { count: sql`${apiRateWindows.count} + 1` } })
      .returning({ count: apiRateWindows.count }),
    db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId)),
    db.delete(apiRateWindows).where(and(eq(apiRateWindows.tokenId, tokenId), lt(apiRateWindows.window, window))),
  ]);
  return counted[0]?.count ?? 1;
}
