import { routesResponseSchema } from "@/lib/api/routing/routes";

/** Deletes, through the console at `consoleUrl`, every route of `service` whose name starts with `prefix` (what a test created). */
export async function deleteRoutesNamed(consoleUrl: string, service: string, prefix: string): Promise<void> {
  const { routes } = routesResponseSchema.parse(await (await fetch(`${consoleUrl}/api/v1/routes?service=${service}`)).json());
  for (const r of routes.filter((x) => x.name.startsWith(prefix))) {
    await fetch(`${consoleUrl}/api/v1/routes/${encodeURIComponent(r.id)}?revision=${r.revision}`, { method: "DELETE" });
  }
}
