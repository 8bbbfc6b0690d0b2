/**
 * `npm run routes-backup -- export|import [options]`: back up the console's routes to JSON
 * and restore them, through its HTTP API (docs/operations.md, "Backup and restore of routes").
 *
 *   export [--url URL] [--out FILE]             GET /api/v1/routes → JSON (stdout by default)
 *   import [--url URL] [--in FILE] [--registry SOURCE] [--replace]
 *                                               JSON (stdin by default) → POST (PUT with --replace)
 *
 * `--url` defaults to http://127.0.0.1:3000. Credentials: `--token`, else CONSOLE_API_TOKEN,
 * sent as `Authorization: Bearer`. `import` prints one line per route and a summary, and
 * exits 1 if any route was not restored (differs, skipped or failed).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { routesBackupSchema, toBackup } from "../lib/api/routing/routes-backup";
import type { Route } from "../lib/api/routing/routes";
import { type ApiAnswer, RESTORE_OUTCOMES, type RestoreOutcome, restoreRoutes, type RoutesApi } from "./routes-restore";

const USAGE = "usage: routes-backup export [--url URL] [--token T] [--out FILE] | import [--url URL] [--token T] [--in FILE] [--registry SOURCE] [--replace]";

/** A failure this script reports in one line and exit status 2. */
class UsageError extends Error {
  override name = "UsageError";
}

interface Http {
  readonly url: string;
  readonly token: string | undefined;
}

async function call(http: Http, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (http.token) headers.authorization = `Bearer ${http.token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(new URL(path, http.url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text === "" ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

const answerOf = ({ status, json }: { status: number; json: unknown }): ApiAnswer => ({ status, error: (json as { error?: ApiAnswer["error"] } | null)?.error });

async function listRoutes(http: Http, query: Record<string, string> = {}): Promise<Route[]> {
  const answer = await call(http, "GET", `/api/v1/routes?${new URLSearchParams(query)}`);
  if (answer.status !== 200) throw new UsageError(`GET /api/v1/routes answered ${answer.status}: ${JSON.stringify(answerOf(answer).error ?? null)}`);
  return (answer.json as { routes: Route[] }).routes;
}

function routesApi(http: Http): RoutesApi {
  return {
    list: (query) => listRoutes(http, query),
    create: async (body) => answerOf(await call(http, "POST", "/api/v1/routes", body)),
    replace: async (id, body) => answerOf(await call(http, "PUT", `/api/v1/routes/${encodeURIComponent(id)}`, body)),
  };
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { url: { type: "string" }, token: { type: "string" }, out: { type: "string" }, in: { type: "string" }, registry: { type: "string" }, replace: { type: "boolean" } },
  });
  const http: Http = { url: values.url ?? "http://127.0.0.1:3000", token: values.token ?? process.env.CONSOLE_API_TOKEN };
  const [command] = positionals;
  if (command === "export") {
    const text = `${JSON.stringify(toBackup(await listRoutes(http), Date.now()), null, 2)}\n`;
    if (values.out) writeFileSync(values.out, text);
    else process.stdout.write(text);
    return 0;
  }
  if (command === "import") {
    const parsed = routesBackupSchema.safeParse(JSON.parse(readFileSync(values.in ?? 0, "utf8")));
    if (!parsed.success) throw new UsageError(`not a routes backup: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    const lines = await restoreRoutes(routesApi(http), parsed.data, { registry: values.registry, replace: values.replace });
    const counts = new Map<RestoreOutcome, number>();
    for (const { route, outcome, detail } of lines) {
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      const key = [route.group, route.service, route.version].filter(Boolean).join(":");
      process.stdout.write(`${outcome.padEnd(9)} ${key} ${JSON.stringify(route.name)}${detail ? `: ${detail}` : ""}\n`);
    }
    const summary = RESTORE_OUTCOMES.filter((o) => counts.has(o)).map((o) => `${counts.get(o)} ${o}`);
    process.stdout.write(`${summary.join(", ") || "no routes"}\n`);
    return lines.every((l) => l.outcome === "created" || l.outcome === "unchanged" || l.outcome === "replaced") ? 0 : 1;
  }
  throw new UsageError(USAGE);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`routes-backup: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  },
);
