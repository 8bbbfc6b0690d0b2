import { z } from "zod";
import { SERVICE_KEY_MAX_LENGTH } from "./catalog-entities";

/** At most this many files in one upload. */
export const PROTO_UPLOAD_MAX_FILES = 32;
/** The longest file text taken (256 KiB); the request body limit bounds the whole upload. */
export const PROTO_FILE_MAX_CHARS = 256 * 1024;

const key = z
  .string({ error: "key is required: the IDL service's key, its interface name (group/interface:version)" })
  .trim()
  .min(1, "key is required: the IDL service's key, its interface name (group/interface:version)")
  .max(SERVICE_KEY_MAX_LENGTH, `key must be at most ${SERVICE_KEY_MAX_LENGTH} characters`);

/**
 * PUT /api/v1/service/proto: the `.proto` files describing an IDL service whose providers
 * serve no gRPC reflection. `files` are compiled together; one of them defines the service.
 */
export const protoUploadBodySchema = z.strictObject({
  key,
  files: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1, "a file's name is required").max(200, "a file's name must be at most 200 characters"),
        text: z.string().min(1, "a file's text is required").max(PROTO_FILE_MAX_CHARS, `a file's text must be at most ${PROTO_FILE_MAX_CHARS} characters`),
      }),
    )
    .min(1, "files must hold at least one .proto file")
    .max(PROTO_UPLOAD_MAX_FILES, `files must hold at most ${PROTO_UPLOAD_MAX_FILES} .proto files`),
});
export type ProtoUploadBody = z.infer<typeof protoUploadBodySchema>;

export const protoUploadQuerySchema = z.object({ key });

/** The answer to PUT and GET: the schema kept for the service. */
export const protoUploadResponseSchema = z.object({
  key: z.string(),
  /** The proto service's full name. */
  service: z.string(),
  methods: z.array(z.string()),
  /** Methods not unary, which the form does not call. */
  streaming: z.array(z.string()),
  files: z.array(z.object({ name: z.string(), text: z.string() })),
  by: z.string(),
  at: z.number(),
});
export type ProtoUploadResponse = z.infer<typeof protoUploadResponseSchema>;
