import { NextResponse } from "next/server";
import { deleteTagRouteQuerySchema, replaceTagRouteBodySchema } from "@/lib/api/tag-routes";
import { NotFoundError } from "@/server/errors/request-errors";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody, parseQuery, pathParam } from "../../../_lib/request-input";
import { revisionInput } from "../../../_lib/revision-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const PREFIX = "/api/v1/tag-routes/";

/**
 * GET /api/v1/tag-routes/{id} — one tag rule, with its revision as `ETag`. PUT — replaces it
 * by the body's `rule` or `yaml`, based on the revision (`revision` or If-Match). DELETE
 * ?revision= (or If-Match) — deletes it. A stale revision is 409 conflict, nothing written.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => {
      const id = pathParam(request, PREFIX);
      const rule = engine.tagRoutes.find(id);
      if (!rule) throw new NotFoundError(`no tag rule ${JSON.stringify(id)}: it was deleted, or is not read yet; GET /api/v1/tag-routes lists them`, { id });
      return NextResponse.json(rule, { headers: { etag: `"${rule.revision}"`, "cache-control": "no-store" } });
    },
  },
  PUT: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseJsonBody(request, replaceTagRouteBodySchema);
      return engine.tagRoutes.replace(pathParam(request, PREFIX), revisionInput(request, body.revision), body, actor);
    },
  },
  DELETE: {
    permission: "routes.write",
    handle: ({ request, engine, actor }) => {
      const query = parseQuery(request, deleteTagRouteQuerySchema);
      return engine.tagRoutes.remove(pathParam(request, PREFIX), revisionInput(request, query.revision), actor, { allowStranding: query.allowStranding === "true" });
    },
  },
});
