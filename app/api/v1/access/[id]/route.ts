import { NextResponse } from "next/server";
import { deleteAccessQuerySchema, replaceAccessBodySchema } from "@/lib/api/access";
import { NotFoundError } from "@/server/errors/request-errors";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody, parseQuery, pathParam } from "../../../_lib/request-input";
import { revisionInput } from "../../../_lib/revision-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const PREFIX = "/api/v1/access/";

/** GET /api/v1/access/{id} (ETag: its revision); PUT — new lists based on the revision; DELETE ?revision=. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => {
      const id = pathParam(request, PREFIX);
      const rule = engine.access.find(id);
      if (!rule) throw new NotFoundError(`no access rule ${JSON.stringify(id)}; GET /api/v1/access lists them`, { id });
      return NextResponse.json(rule, { headers: { etag: `"${rule.revision}"`, "cache-control": "no-store" } });
    },
  },
  PUT: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseJsonBody(request, replaceAccessBodySchema);
      return engine.access.replace(pathParam(request, PREFIX), revisionInput(request, body.revision), body, actor);
    },
  },
  DELETE: {
    permission: "routes.write",
    handle: ({ request, engine, actor }) => engine.access.remove(pathParam(request, PREFIX), revisionInput(request, parseQuery(request, deleteAccessQuerySchema).revision), actor),
  },
});
