import * as byId from "@/app/api/v1/tag-routes/[id]/route";
import * as tagRoutes from "@/app/api/v1/tag-routes/route";
import { tagRouteId, tagRouteRevision } from "@/server/governance/rules/tag/tag-route-view";
import { type TagRuleWriter, tagRuleNode } from "./tag-rule-zk";
import type { TestZk } from "./zk-client";

/**
 * A TagRuleWriter that saves through the console's /api/v1/tag-routes handlers (the engine
 * started by the test on the first registry): POST for a new rule, PUT or DELETE based on the
 * revision of the node as ZooKeeper holds it now (read with `zk`, so a write does not wait for
 * the console's watch to catch up). `allowStranding`: the scenarios strand tagged calls on
 * purpose. A refused write throws with the console's answer.
 */
export function apiTagRuleWriter(zk: TestZk): TagRuleWriter {
  const id = (app: string) => tagRouteId(0, app);
  const send = async (handler: (r: Request) => Promise<Response>, method: string, path: string, body?: unknown) => {
    const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const res = await handler(new Request(`http://console${path}`, init));
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  return {
    async put(app, yaml) {
      const now = await zk.getData(tagRuleNode(app));
      if (now === null) await send(tagRoutes.POST, "POST", "/api/v1/tag-routes", { application: app, yaml, allowStranding: true });
      else await send(byId.PUT, "PUT", `/api/v1/tag-routes/${id(app)}`, { revision: tagRouteRevision(now), yaml, allowStranding: true });
    },
    async remove(app) {
      const now = await zk.getData(tagRuleNode(app));
      if (now !== null) await send(byId.DELETE, "DELETE", `/api/v1/tag-routes/${id(app)}?revision=${tagRouteRevision(now)}&allowStranding=true`);
    },
  };
}
