import type { MethodSignature, TypeDefinition } from "./service-definition";
import { type DubboUrl, urlParam } from "./url";

/**
 * The methods of one service, and how much is known about them. The invoke form builds on
 * this, so the kind of knowledge is explicit:
 *
 * - `definition`: from a provider's service definition in the metadata report: exact
 *   parameter and return types, each overload its own entry, and the types they use.
 * - `url`: no definition was found, so only the names from the provider URLs' `methods`
 *   parameter are known. `parameterTypes` and `returnType` are null (unknown, not "none"),
 *   and an overloaded method is one name.
 * - `protobuf`: an IDL service on Triple, described by a provider's gRPC server reflection:
 *   its unary methods with their request and reply messages, and every message and enum
 *   they reach, named as protoc names their Java classes (well-known wrappers and Timestamp
 *   by the Java type whose form takes their JSON), or by a .proto the operator uploaded.
 *   Preferred over a definition, which describes the generated Java classes rather than the
 *   proto messages (their internals, as 2.7.23 writes them, are read back as proto fields by
 *   lib/dubbo/protobuf-generated.ts).
 * - `none`: neither: no provider says anything about its methods.
 */
export type ServiceMethods =
  | {
      readonly source: "definition";
      /** The application whose definition was read. */
      readonly application: string;
      /** The ZooKeeper node it was read from. */
      readonly path: string;
      readonly methods: readonly MethodSignature[];
      readonly types: readonly TypeDefinition[];
    }
  | {
      readonly source: "protobuf";
      /** The service's full proto name (`package.Service`). */
      readonly service: string;
      /** `reflection`: a provider's gRPC reflection (`address`); `upload`: a .proto an operator uploaded (`address` null). */
      readonly from: "reflection" | "upload";
      readonly address: string | null;
      readonly methods: readonly MethodSignature[];
      readonly types: readonly TypeDefinition[];
    }
  | { readonly source: "url"; readonly methods: readonly MethodName[] }
  | { readonly source: "none"; readonly methods: readonly [] };

/** A method known by name only. */
export interface MethodName {
  readonly name: string;
  readonly parameterTypes: null;
  readonly returnType: null;
}

/**
 * The method names in the `methods` parameter of any of `urls` (Dubbo writes them
 * comma-separated, each overloaded name once), each once, sorted.
 */
export function methodsFromUrls(urls: readonly DubboUrl[]): MethodName[] {
  const names = new Set<string>();
  for (const url of urls) {
    for (const n of urlParam(url, "methods").split(",")) {
      const name = n.trim();
      if (name !== "" && name !== "*") names.add(name);
    }
  }
  return [...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ name, parameterTypes: null, returnType: null }));
}
