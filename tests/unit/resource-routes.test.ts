/**
 * A route module without a page (no default export) is a resource route: React Router hands it
 * every method. One without an action would answer a POST with React Router's own "no action"
 * error: logged with its stack, and answered {"message":"Unexpected Server Error"}. So each resource
 * route with a loader also exports an action (most `methodNotAllowed("GET")`, app/lib/api.server.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

const routesFile = readFileSync(join(__dirname, "../../app/routes.ts"), "utf8");
const modules = [...new Set([...routesFile.matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map((match) => match[1]!))];
const exports = (source: string, name: string) =>
  new RegExp(`export (async )?function ${name}\\b|export const ${name}\\b|export \\{[^}]*\\b${name}\\b[^}]*\\}`).test(source);

test("app/routes.ts names the route modules", () => {
  expect(modules.length).toBeGreaterThan(100);
});

test("every resource route that answers GET also answers the other methods itself", () => {
  const missing = modules.filter((module) => {
    const source = readFileSync(join(__dirname, "../../app", module), "utf8");
    return !/export default\b/.test(source) && exports(source, "loader") && !exports(source, "action");
  });
  expect(missing).toEqual([]);
});
