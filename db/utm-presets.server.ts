/** A user's saved UTM presets (spec 02 §3 "UTM preset"). */
import { asc, eq } from "drizzle-orm";
import type { UtmPreset, UtmValues } from "../domain/utm";
import type { Db } from "./client.server";
import type { Owner } from "./workspaces.server";
import { utmPresets } from "./schema";

export class PresetNameTakenError extends Error {
  constructor(readonly presetName: string) {
    super(`preset name taken: ${presetName}`);
  }
}

function toPreset(row: typeof utmPresets.$inferSelect): UtmPreset {
  return {
    id: row.id,
    name: row.name,
    utm_source: row.utmSource,
    utm_medium: row.utmMedium,
    utm_campaign: row.utmCampaign,
    utm_term: row.utmTerm ?? "",
    utm_content: row.utmContent ?? "",
  };
}

export async function listUtmPresets(db: Db, workspaceId: string): Promise<UtmPreset[]> {
  const rows = await db.select().from(utmPresets).where(eq(utmPresets.workspaceId, workspaceId)).orderBy(asc(utmPresets.name));
  return rows.map(toPreset);
}

/** Saves a preset under a name; a name the user already has throws PresetNameTakenError. */
export async function createUtmPreset(db: Db, owner: Owner, name: string, values: UtmValues, now = new Date()): Promise<UtmPreset> {
  const row = {
    id: crypto.randomUUID(),
    userId: owner.userId,
    workspaceId: owner.workspaceId,
    name,
    utmSource: values.utm_source,
    utmMedium: values.utm_medium,
    utmCampaign: values.utm_campaign,
    utmTerm: values.utm_term || null,
    utmContent: values.utm_content || null,
    createdAt: now,
  };
  try {
    await db.insert(utmPresets).values(row);
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? "") + String(error)))
      throw new PresetNameTakenError(name);
    throw error;
  }
  return toPreset(row);
}
