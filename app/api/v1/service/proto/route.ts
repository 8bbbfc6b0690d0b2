import { protoUploadBodySchema, protoUploadQuerySchema } from "@/lib/api/proto-upload";
import { NotFoundError } from "@/server/errors/request-errors";
import type { Engine } from "@/server/runtime/engine";
import { protoUploadAnswer } from "@/server/governance/invoke/proto-uploads";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody, parseQuery } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The registered service's interface. @throws NotFoundError for a key nothing registers. */
function interfaceOf(engine: Engine, key: string): string {
  const entry = engine.catalog.entry(key);
  if (entry === undefined) throw new NotFoundError(`no service ${JSON.stringify(key)} is registered in any registry`, { key });
  return entry.id.interface;
}

/**
 * /api/v1/service/proto — the .proto schema of an IDL service whose providers serve no gRPC
 * reflection. GET `?key=`: the upload (404 when none); PUT `{ key, files: [{ name, text }] }`
 * (needs `invoke`): compiles and keeps it (400 naming the file and line that does not parse,
 * or when no file defines the service); DELETE `?key=` (needs `invoke`): forgets it. Both
 * are audited (`proto.upload`, `proto.delete`).
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => {
      const { key } = parseQuery(request, protoUploadQuerySchema);
      const upload = engine.protoUploads.get(interfaceOf(engine, key));
      if (upload === undefined) throw new NotFoundError(`no .proto was uploaded for ${JSON.stringify(key)}`, { key });
      return protoUploadAnswer(key, upload);
    },
  },
  PUT: {
    permission: "invoke",
    handle: async ({ request, engine, actor }) => {
      const body = await parseJsonBody(request, protoUploadBodySchema);
      return protoUploadAnswer(body.key, engine.protoUploads.put(body.key, interfaceOf(engine, body.key), body.files, actor));
    },
  },
  DELETE: {
    permission: "invoke",
    handle: ({ request, engine, actor }) => {
      const { key } = parseQuery(request, protoUploadQuerySchema);
      return { key, deleted: engine.protoUploads.delete(key, interfaceOf(engine, key), actor) };
    },
  },
});
