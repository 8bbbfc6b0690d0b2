import { grpcTimeout } from "./grpc-frame";

/** What a Triple call says in its headers besides its path. */
export interface GrpcHeaderParts {
  readonly timeoutMs: number;
  readonly group?: string;
  readonly version?: string;
  /** The consumer application named to the provider (`tri-consumer-appname`); "dubbo-console" when absent. */
  readonly application?: string;
  /** A call's attachments, which travel as headers on Triple. */
  readonly attachments?: Readonly<Record<string, string>>;
}

/**
 * The headers of one gRPC call to a Dubbo 3.3 Triple provider, as its consumer sends them:
 * the attachments, `application/grpc+proto`, `te: trailers`, identity encoding, the deadline
 * as `grpc-timeout`, the consumer's application, and the group and version in
 * `tri-service-group` / `tri-service-version` when the service has them.
 */
export function grpcHeaders(parts: GrpcHeaderParts): Record<string, string> {
  const headers: Record<string, string> = {
    ...parts.attachments,
    "content-type": "application/grpc+proto",
    te: "trailers",
    "user-agent": "dubbo-console",
    "grpc-accept-encoding": "identity",
    "grpc-timeout": grpcTimeout(parts.timeoutMs),
    "tri-consumer-appname": parts.application ?? "dubbo-console",
  };
  if (parts.version) headers["tri-service-version"] = parts.version;
  if (parts.group) headers["tri-service-group"] = parts.group;
  return headers;
}
