"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { queryKeys } from "@/lib/api/client/queries";
import { sendJson } from "@/lib/api/client/send-json";
import { PROTO_FILE_MAX_CHARS, PROTO_UPLOAD_MAX_FILES, protoUploadResponseSchema } from "@/lib/api/proto-upload";
import { z } from "zod";
import { useSession } from "../auth/use-session";
import { Button } from "../ui/button";

const deletedSchema = z.object({ key: z.string(), deleted: z.boolean() });

/**
 * Whether the schema section belongs on the service's pages: an IDL service (described as
 * protobuf), or a service served over Triple whose methods are not known as Java ones (no
 * definition, or one whose types are protoc-generated message classes).
 */
export function showsProtoSchema(service: ServiceDetail): boolean {
  if (service.methodsSource === "protobuf") return true;
  const tri = service.providers.filter((p) => p.protocol === "tri");
  if (tri.length === 0) return false;
  // dubbo-compiler's stubs export with proxy=nativestub: an IDL service by construction.
  if (tri.some((p) => p.parameters.proxy === "nativestub")) return true;
  return service.methodsSource !== "definition" || service.types.some(isGeneratedMessageType);
}

/** A type the metadata describes as protoc's generated Java writes it (its internals, or the console's mark of them). */
function isGeneratedMessageType(t: ServiceDetail["types"][number]): boolean {
  const names = Object.keys(t.properties);
  return names.includes("memoizedIsInitialized") || names.includes("unknownFields") || (t as { protobuf?: unknown }).protobuf !== undefined;
}

/**
 * The .proto schema of an IDL service (issue 19): where the form's messages come from, and,
 * for those who may invoke, uploading the .proto files when its providers serve no gRPC
 * reflection (or removing an upload). Shown for services served over Triple.
 */
export function ProtoSchemaUpload({ service }: { service: ServiceDetail }) {
  const { can } = useSession();
  const client = useQueryClient();
  const inputId = useId();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.service(service.key) });
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      if (files.length > PROTO_UPLOAD_MAX_FILES) throw new Error(`at most ${PROTO_UPLOAD_MAX_FILES} files`);
      const texts = await Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() })));
      const big = texts.find((t) => t.text.length > PROTO_FILE_MAX_CHARS);
      if (big) throw new Error(`${big.name} is over ${PROTO_FILE_MAX_CHARS / 1024} KiB`);
      return sendJson("PUT", "/api/v1/service/proto", { key: service.key, files: texts }, protoUploadResponseSchema);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => sendJson("DELETE", `/api/v1/service/proto?key=${encodeURIComponent(service.key)}`, undefined, deletedSchema),
    onSuccess: refresh,
  });
  const from = service.protobuf?.from;
  return (
    <div className="space-y-1.5 text-xs text-zinc-600 dark:text-zinc-400" data-testid="proto-schema" data-from={from ?? "none"}>
      <p>
        {from === "reflection" && <>IDL service <code className="font-mono">{service.protobuf!.service}</code>: its schema from the gRPC reflection of {service.protobuf!.address}.</>}
        {from === "upload" && <>IDL service <code className="font-mono">{service.protobuf!.service}</code>: its schema from an uploaded .proto (kept until the console restarts).</>}
        {from === undefined && <>If this is an IDL (protobuf) service whose providers serve no gRPC reflection, give its .proto files to call it with JSON.</>}
      </p>
      {can("invoke") && from !== "reflection" && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={inputId} className="font-medium">
            {from === "upload" ? "Replace .proto files" : "Upload .proto files"}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".proto,text/plain"
            multiple
            data-testid="proto-upload-input"
            disabled={upload.isPending}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = "";
              if (files.length > 0) upload.mutate(files);
            }}
            className="max-w-full text-xs file:mr-2 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-2 file:py-1 dark:file:border-zinc-700 dark:file:bg-zinc-900"
          />
          {from === "upload" && (
            <Button type="button" size="sm" variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
              Remove
            </Button>
          )}
        </div>
      )}
      {upload.isError && (
        <p role="alert" className="text-red-700 [overflow-wrap:anywhere] dark:text-red-400" data-testid="proto-upload-error">
          {upload.error.message}
        </p>
      )}
      {upload.isSuccess && !upload.isPending && (
        <p role="status" data-testid="proto-upload-done">
          {upload.data.service}: {upload.data.methods.join(", ")}
          {upload.data.streaming.length > 0 && ` (streaming, not called: ${upload.data.streaming.join(", ")})`}
        </p>
      )}
    </div>
  );
}
