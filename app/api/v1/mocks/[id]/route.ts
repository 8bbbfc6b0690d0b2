import { NextResponse } from "next/server";
import { deleteMockQuerySchema, replaceMockBodySchema } from "@/lib/api/mocks";
import { NotFoundError } from "@/server/errors/request-errors";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody, parseQuery, pathParam } from "../../../_lib/request-input";
import { revisionInput } from "../../../_lib/revision-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const PREFIX = "/api/v1/mocks/";

/** GET /api/v1/mocks/{id} (ETag: its revision); PUT — the whole mock based on the revision; DELETE ?revision=. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => {
      const id = pathParam(request, PREFIX);
      const mock = engine.mocks.find(id);
      if (!mock) throw new NotFoundError(`no mock ${JSON.stringify(id)}; GET /api/v1/mocks lists them`, { id });
      return NextResponse.json(mock, { headers: { etag: `"${mock.revision}"`, "cache-control": "no-store" } });
    },
  },
  PUT: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseJsonBody(request, replaceMockBodySchema);
      return engine.mocks.replace(pathParam(request, PREFIX), revisionInput(request, body.revision), body, actor);
    },
  },
  DELETE: {
    permission: "configs.write",
    handle: ({ request, engine, actor }) => engine.mocks.remove(pathParam(request, PREFIX), revisionInput(request, parseQuery(request, deleteMockQuerySchema).revision), actor),
  },
});
