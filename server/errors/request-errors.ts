/**
 * Errors of the HTTP edge (app/api/_lib and route handlers): a path, method, media type,
 * body, Host or answer the console does not serve, and what a request names that is not
 * there. Thrown by the server only, so kept out of lib/errors.ts (which browser code
 * imports); each is a ConsoleError with a code of ERROR_CODES, mapped by
 * app/api/_lib/http-status.ts.
 */
import { ConsoleError } from "@/lib/errors";

/** The named thing (an API endpoint, a service, a route) does not exist. */
export class NotFoundError extends ConsoleError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>) {
    super("not_found", message, details);
    this.name = "NotFoundError";
  }
}

/**
 * The endpoint exists but does not serve `method`. `allow` lists the methods it does
 * serve, in the order of an HTTP `Allow` header; the HTTP edge sends it as that header too.
 */
export class MethodNotAllowedError extends ConsoleError {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly allow: readonly string[],
  ) {
    super("method_not_allowed", `${method} is not allowed on ${path}; use ${listOfAlternatives(allow)}`, { allow });
    this.name = "MethodNotAllowedError";
  }
}

/**
 * The console does not implement `method` at all, on any path (WebDAV's PROPFIND, say):
 * HTTP's answer for an unrecognised method is 501, not 405 (RFC 9110 §9.1).
 */
export class MethodNotImplementedError extends ConsoleError {
  constructor(
    readonly method: string,
    implemented: readonly string[],
  ) {
    super("method_not_implemented", `the console does not implement the ${method} method; use ${listOfAlternatives(implemented)}`);
    this.name = "MethodNotImplementedError";
  }
}

/** A request body came in a media type the endpoint does not read (it reads JSON only). */
export class UnsupportedMediaTypeError extends ConsoleError {
  constructor(message: string) {
    super("unsupported_media_type", message);
    this.name = "UnsupportedMediaTypeError";
  }
}

/** "A", "A or B", "A, B or C". */
function listOfAlternatives(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "nothing") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** A request body over the console's limit (CONSOLE_MAX_BODY_BYTES); no more of it was read. */
export class BodyTooLargeError extends ConsoleError {
  constructor(readonly limit: number) {
    super("payload_too_large", `the request body is over the limit of ${limit} bytes`, { limit });
    this.name = "BodyTooLargeError";
  }
}

/**
 * The request's `Host` (or `X-Forwarded-Host`) is not one of the console's own names
 * (CONSOLE_ALLOWED_HOSTS, localhost and the loopback addresses): a page on another name
 * re-pointed at the console (DNS rebinding), or a proxy that sends a name nobody configured.
 */
export class HostNotAllowedError extends ConsoleError {
  constructor(readonly host: string) {
    const shown = host.length > 100 ? `${host.slice(0, 100)}…` : host;
    super("host_not_allowed", `the host ${JSON.stringify(shown)} is not one of this console's names; add it to CONSOLE_ALLOWED_HOSTS if it is`, { host: shown });
    this.name = "HostNotAllowedError";
  }
}

/** An answer that would be larger than the console sends (`limit` bytes): ask for less. */
export class AnswerTooLargeError extends ConsoleError {
  constructor(
    readonly size: number,
    readonly limit: number,
    hint: string,
  ) {
    super("answer_too_large", `the answer would be ${size} bytes, over the limit of ${limit} bytes; ${hint}`, { size, limit });
    this.name = "AnswerTooLargeError";
  }
}
