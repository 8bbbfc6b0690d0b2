import { NextResponse } from "next/server";
import { deleteConfigQuerySchema, replaceConfigBodySchema } from "@/lib/api/overrides/configs";
import { NotFoundError } from "@/server/errors/request-errors";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody, parseQuery, pathParam } from "../../../_lib/request-input";
import { revisionInput } from "../../../_lib/revision-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const PREFIX = "/api/v1/configs/";

/**
 * GET /api/v1/configs/{id} — one config, with its revision as `ETag`. PUT — replaces it by
 * the whole config in the body, based on the revision (`revision` or If-Match). DELETE
 * ?revision= (or If-Match) — deletes both its copies. A stale revision is 409 conflict, and
 * nothing is written.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => {
      const id = pathParam(request, PREFIX);
      const config = engine.configs.find(id);
      if (!config) throw new NotFoundError(`no config ${JSON.stringify(id)}: it was deleted, or is not read yet; GET /api/v1/configs lists them`, { id });
      return NextResponse.json(config, { headers: { etag: `"${config.revision}"`, "cache-control": "no-store" } });
    },
  },
  PUT: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseJsonBody(request, replaceConfigBodySchema);
      return engine.configs.replace(pathParam(request, PREFIX), revisionInput(request, body.revision), body, actor);
    },
  },
  DELETE: {
    permission: "configs.write",
    handle: ({ request, engine, actor }) => {
      const query = parseQuery(request, deleteConfigQuerySchema);
      return engine.configs.remove(pathParam(request, PREFIX), revisionInput(request, query.revision), actor, { allowStranding: query.allowStranding === "true" });
    },
  },
});
