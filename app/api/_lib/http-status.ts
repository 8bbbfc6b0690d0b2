import type { ErrorCode } from "@/lib/errors";

/** The one table from error code to HTTP status. Every code must appear (checked by the type). */
export const HTTP_STATUS = {
  validation_failed: 400,
  url_syntax: 400,
  invalid_rule: 400,
  not_found: 404,
  method_not_allowed: 405,
  method_not_implemented: 501,
  unsupported_media_type: 415,
  conflict: 409,
  registry_unavailable: 503,
  config_invalid: 500,
  internal: 500,
  invalid_arguments: 400,
  timeout: 504,
  remote_error: 502,
  codec_error: 502,
} as const satisfies Record<ErrorCode, number>;
