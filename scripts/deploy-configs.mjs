// The deployable configs, and the rule that none of them turns local development on
// (docs/decisions/024): LOCAL_DEV is set only by how a local run is started (npm start,
// npm run dev, the tests), so a config that sets it (to any value, in any environment) is refused.
import { experimental_readRawConfig } from "wrangler";

/** The source configs, deployed per environment with `wrangler deploy -c ... --env ...`. */
export const SOURCE_CONFIGS = ["wrangler.toml", "workers/redirect/wrangler.toml", "workers/queue/wrangler.toml"];

/** What `npm run build` writes and the README's deploy steps deploy. */
export const BUILT_CONFIGS = ["build/server/wrangler.json", "dist/snip_redirect/wrangler.json", "dist/snip_queue/wrangler.json"];

/** Variables that switch on local-development behaviour; none may appear in a deployable config. */
export const LOCAL_DEV_SWITCHES = ["LOCAL_DEV"];

/** Every place in one config (top level and each `[env.NAME]`) that sets a local-development switch. */
export function localDevViolations(configPath) {
  const { rawConfig } = experimental_readRawConfig({ config: configPath });
  const scopes = [["top level", rawConfig], ...Object.entries(rawConfig.env ?? {}).map(([name, env]) => [`[env.${name}]`, env])];
  const found = [];
  for (const [scope, config] of scopes) {
    for (const name of LOCAL_DEV_SWITCHES) {
      if (config?.vars && Object.hasOwn(config.vars, name))
        found.push(`${configPath}: ${scope} vars.${name} = ${JSON.stringify(config.vars[name])}`);
    }
  }
  return found;
}
