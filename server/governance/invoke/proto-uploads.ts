import type { AuditDraft, AuditKind } from "@/lib/api/audit";
import type { ProtoUploadResponse } from "@/lib/api/proto-upload";
import { auditedActor, type AuditedActor } from "@/lib/auth/actor";
import { ValidationError } from "@/lib/errors";
import { CodecError } from "@/server/errors/transport-errors";
import type { ProtoService } from "../../protocol/triple/proto-schema";
import { protoServiceOf } from "../../protocol/triple/proto-schema";
import { compileProtoSources, type ProtoSourceFile } from "../../protocol/triple/proto-source";

/** An IDL service's schema as an operator uploaded it. */
export interface ProtoUpload {
  readonly files: readonly ProtoSourceFile[];
  readonly service: ProtoService;
  /** Who uploaded it (`via:name`), and when (epoch ms). */
  readonly by: string;
  readonly at: number;
}

/** At most this many services keep an uploaded schema (the oldest is dropped past it). */
export const MAX_UPLOADED_SERVICES = 200;

/** The audit kinds of uploads: one kept (or replaced), one forgotten. */
export const PROTO_AUDIT_KINDS = ["proto.upload", "proto.delete"] as const satisfies readonly AuditKind[];

export interface ProtoUploadsOptions {
  readonly now?: () => number;
  /** Records each upload and removal in the audit trail (left out: not recorded). */
  readonly record?: (draft: AuditDraft) => Promise<unknown>;
  /** Hears a record that could not be written; the upload or removal stands. */
  readonly recordFailed?: (draft: AuditDraft, error: unknown) => void;
}

/**
 * `.proto` schemas operators upload for IDL services whose providers serve no gRPC reflection
 * (issue 19), one per service interface, kept in the console's memory (a restart forgets
 * them: upload again). The registry names the service by its Java interface, which is the
 * proto service's full name, or (dubbo-compiler's stubs) `java_package` + the service's name.
 */
export class ProtoUploads {
  private readonly byInterface = new Map<string, ProtoUpload>();
  private readonly now: () => number;

  constructor(private readonly options: ProtoUploadsOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Compiles `files` and keeps the service `interfaceName` describes, for the service `key`;
   * audited as `proto.upload` (after it is kept; the record is written behind the answer).
   * @throws ValidationError when the files do not parse or resolve, or define no such service.
   */
  put(key: string, interfaceName: string, files: readonly ProtoSourceFile[], actor: AuditedActor): ProtoUpload {
    const compiled = compileProtoSources(files);
    let service: ProtoService;
    try {
      service = protoServiceOf(compiled, interfaceName);
    } catch (e) {
      if (!(e instanceof CodecError)) throw e;
      throw new ValidationError(`the files do not describe the service ${interfaceName}: ${e.message}`, [{ path: "files", message: e.message }]);
    }
    const upload = { files: files.map((f) => ({ name: f.name, text: f.text })), service, by: `${actor.via}:${actor.name}`, at: this.now() };
    const before = this.byInterface.get(interfaceName) ?? null;
    this.byInterface.delete(interfaceName);
    this.byInterface.set(interfaceName, upload);
    while (this.byInterface.size > MAX_UPLOADED_SERVICES) this.byInterface.delete(this.byInterface.keys().next().value!);
    const after = auditView(upload);
    this.audit({
      at: upload.at,
      actor: auditedActor(actor),
      kind: PROTO_AUDIT_KINDS[0],
      service: key,
      summary: `${before ? "replaced the" : "uploaded a"} .proto schema of ${key} (${files.length === 1 ? "1 file" : `${files.length} files`}): ${upload.service.service.typeName}, ${after.methods.length === 1 ? "1 method" : `${after.methods.length} methods`}`,
      before: before && auditView(before),
      after,
      outcome: "ok",
    });
    return upload;
  }

  get(interfaceName: string): ProtoUpload | undefined {
    return this.byInterface.get(interfaceName);
  }

  /** Forgets a service's upload (audited as `proto.delete`); false when it had none. */
  delete(key: string, interfaceName: string, actor: AuditedActor): boolean {
    const before = this.byInterface.get(interfaceName);
    if (before === undefined) return false;
    this.byInterface.delete(interfaceName);
    this.audit({
      at: this.now(),
      actor: auditedActor(actor),
      kind: PROTO_AUDIT_KINDS[1],
      service: key,
      summary: `removed the uploaded .proto schema of ${key}`,
      before: auditView(before),
      after: null,
      outcome: "ok",
    });
    return true;
  }

  private audit(draft: AuditDraft): void {
    const record = this.options.record;
    if (!record) return;
    record(draft).catch((e: unknown) => this.options.recordFailed?.(draft, e));
  }
}

/** What the audit trail keeps of an upload: the service, its methods, the files' names and sizes (not their text). */
function auditView(upload: ProtoUpload): { service: string; methods: string[]; files: { name: string; chars: number }[]; by: string } {
  return { service: upload.service.service.typeName, methods: upload.service.signatures.map((m) => m.name), files: upload.files.map((f) => ({ name: f.name, chars: f.text.length })), by: upload.by };
}

/** The API's view of an upload (GET and PUT /api/v1/service/proto). */
export function protoUploadAnswer(key: string, upload: ProtoUpload): ProtoUploadResponse {
  return {
    key,
    service: upload.service.service.typeName,
    methods: upload.service.signatures.map((m) => m.name),
    streaming: upload.service.streaming.map((m) => m.name),
    files: upload.files.map((f) => ({ name: f.name, text: f.text })),
    by: upload.by,
    at: upload.at,
  };
}
