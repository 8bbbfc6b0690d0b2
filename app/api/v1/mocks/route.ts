import { createMockBodySchema, mocksQuerySchema } from "@/lib/api/mocks";
import { createdResponse } from "../../_lib/created-response";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody, parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/mocks?service=&group=&version=&registry= — the mocks (`{method}.mock`
 * consumer-side overrides), with the registered consumers that receive mocked answers. POST
 * `{ service, group?, version?, method, mode, returns | throws, applications?, enabled? }`: 201.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.mocks.list(parseQuery(request, mocksQuerySchema)) },
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      const mock = await engine.mocks.create(await parseJsonBody(request, createMockBodySchema), actor);
      return createdResponse(mock, `/api/v1/mocks/${mock.id}`);
    },
  },
});
