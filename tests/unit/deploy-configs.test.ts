import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs module of the build scripts, without types
import { localDevViolations, SOURCE_CONFIGS } from "../../scripts/deploy-configs.mjs";

const violations = localDevViolations as (path: string) => string[];

describe("deployable configs (docs/decisions/024)", () => {
  it("no wrangler config of the three workers turns local development on", () => {
    for (const config of SOURCE_CONFIGS as string[]) expect(violations(config), config).toEqual([]);
  });

  it("a config that sets LOCAL_DEV, at the top or in an environment, to any value, is refused", () => {
    const dir = mkdtempSync(join(tmpdir(), "snip-config-"));
    const top = join(dir, "top.toml");
    writeFileSync(top, 'name = "x"\nmain = "x.ts"\n[vars]\nLOCAL_DEV = "false"\n');
    expect(violations(top)).toEqual([`${top}: top level vars.LOCAL_DEV = "false"`]);
    const env = join(dir, "env.json");
    writeFileSync(env, JSON.stringify({ name: "x", main: "x.ts", env: { staging: { vars: { LOCAL_DEV: "true" } } } }));
    expect(violations(env)).toEqual([`${env}: [env.staging] vars.LOCAL_DEV = "true"`]);
  });
});
