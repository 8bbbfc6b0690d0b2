import type { ErrorCode } from "@/lib/errors";

/** The one table from error code to HTTP status. Every code must appear (checked by the type). */
export const HTTP_STATUS = {
  validation_failed: 400,
  url_syntax: 400,
  invalid_rule: 400,
  /** Argument types or values that do not fit the method (POST /api/v1/invoke). */
  invalid_arguments: 400,
  not_found: 404,
  method_not_allowed: 405,
  method_not_implemented: 501,
  unsupported_media_type: 415,
  conflict: 409,
  /** A route change would leave registered consumers with no provider (send allowStranding to save anyway). */
  strands_consumers: 409,
  registry_unavailable: 503,
  /** No provider to call: none registered, all disabled, routed away or read-only. */
  no_provider: 503,
  /** The provider did not answer within the call's timeout. */
  timeout: 504,
  /** The provider answered with a Dubbo status other than OK (not a business exception). */
  remote_error: 502,
  config_invalid: 500,
  internal: 500,
  connection_failed: 502,
  provider_read_only: 503,
  codec_error: 502,
  payload_too_large: 413,
  // nginx's "client closed request": only a caller that went away cancels a call.
  cancelled: 499,
  /** No credentials or bad ones (sign-in, session cookie or Bearer token). */
  unauthorized: 401,
  /** A role below the one needed, a cross-origin cookie write, or a ZooKeeper ACL refusal. */
  forbidden: 403,
  /** A direct invocation url that is neither a registered provider of the service nor allowed by CONSOLE_DIRECT_URLS. */
  url_not_allowed: 403,
  /** A pinned provider is registered, but speaks a protocol the console does not call (tri, rest…). */
  unsupported_protocol: 422,
  rate_limited: 429,
  /** A Host that is not the console's own (DNS rebinding): RFC 9110 §15.5.20 Misdirected Request. */
  host_not_allowed: 421,
  /** The answer asked for is over the console's size limit (a route preview); the request is what must shrink. */
  answer_too_large: 413,
} as const satisfies Record<ErrorCode, number>;
