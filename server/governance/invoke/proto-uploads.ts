import type { ProtoUploadResponse } from "@/lib/api/proto-upload";
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

/**
 * `.proto` schemas operators upload for IDL services whose providers serve no gRPC reflection
 * (issue 19), one per service interface, kept in the console's memory (a restart forgets
 * them: upload again). The registry names the service by its Java interface, which is the
 * proto service's full name, or (dubbo-compiler's stubs) `java_package` + the service's name.
 */
export class ProtoUploads {
  private readonly byInterface = new Map<string, ProtoUpload>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Compiles `files` and keeps the service `interfaceName` describes.
   * @throws ValidationError when the files do not parse or resolve, or define no such service.
   */
  put(interfaceName: string, files: readonly ProtoSourceFile[], by: string): ProtoUpload {
    const compiled = compileProtoSources(files);
    let service: ProtoService;
    try {
      service = protoServiceOf(compiled, interfaceName);
    } catch (e) {
      if (!(e instanceof CodecError)) throw e;
      throw new ValidationError(`the files do not describe the service ${interfaceName}: ${e.message}`, [{ path: "files", message: e.message }]);
    }
    const upload = { files: files.map((f) => ({ name: f.name, text: f.text })), service, by, at: this.now() };
    this.byInterface.delete(interfaceName);
    this.byInterface.set(interfaceName, upload);
    while (this.byInterface.size > MAX_UPLOADED_SERVICES) this.byInterface.delete(this.byInterface.keys().next().value!);
    return upload;
  }

  get(interfaceName: string): ProtoUpload | undefined {
    return this.byInterface.get(interfaceName);
  }

  /** Forgets a service's upload; false when it had none. */
  delete(interfaceName: string): boolean {
    return this.byInterface.delete(interfaceName);
  }
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
