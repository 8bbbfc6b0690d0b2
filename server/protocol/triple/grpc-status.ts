import type { ConsoleError } from "@/lib/errors";
import { RemoteError, RemoteTimeoutError } from "@/server/errors/invoke-errors";
import { CodecError } from "@/server/errors/transport-errors";

/** gRPC status codes (statuscodes.md), by number. */
export const GRPC_STATUS_NAMES: Readonly<Record<number, string>> = {
  0: "OK",
  1: "CANCELLED",
  2: "UNKNOWN",
  3: "INVALID_ARGUMENT",
  4: "DEADLINE_EXCEEDED",
  5: "NOT_FOUND",
  6: "ALREADY_EXISTS",
  7: "PERMISSION_DENIED",
  8: "RESOURCE_EXHAUSTED",
  9: "FAILED_PRECONDITION",
  10: "ABORTED",
  11: "OUT_OF_RANGE",
  12: "UNIMPLEMENTED",
  13: "INTERNAL",
  14: "UNAVAILABLE",
  15: "DATA_LOSS",
  16: "UNAUTHENTICATED",
};

/**
 * The typed error of a Triple answer whose gRPC status is not OK, from `address`:
 * DEADLINE_EXCEEDED is a RemoteTimeoutError (the provider timed the call out), every other
 * status a RemoteError naming it with the provider's message; no status at all (an HTTP
 * answer that is not gRPC) a CodecError saying the HTTP status.
 */
export function errorOfGrpcStatus(address: string, status: number, message: string, httpStatus: number): ConsoleError {
  if (status === -1) return new CodecError(`${address} answered HTTP ${httpStatus} with no grpc-status: not a Triple answer`);
  const name = GRPC_STATUS_NAMES[status] ?? `status ${status}`;
  if (status === 4) return new RemoteTimeoutError(address, 31, message || "DEADLINE_EXCEEDED");
  return new RemoteError(address, status, `gRPC ${name}`, message || "(no message)");
}
