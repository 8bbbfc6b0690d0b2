import "server-only";
import { INVOKE_DEFAULT_DEADLINE_MS, INVOKE_MAX_TIMEOUT_MS, type InvokeRequestBody, type InvokeResponse, TAG_ATTACHMENT } from "@/lib/api/invoke";
import { type ServiceId, serviceKey } from "@/lib/dubbo/service-key";
import type { ServiceMethods } from "@/lib/dubbo/service-methods";
import { urlAddress } from "@/lib/dubbo/url";
import { isConsoleError } from "@/lib/errors";
import { NotFoundError } from "@/server/errors/request-errors";
import type { CatalogService } from "../../cluster/directory/catalog-snapshot";
import type { ClusterCallOptions, ClusterResult } from "../../cluster/cluster-call";
import type { ClusterEnv } from "../../cluster/cluster-env";
import { CallDeadlineError } from "../../cluster/cluster-errors";
import { DEFAULT_RETRIES } from "../../cluster/strategy/failover";
import type { ConnectionPool } from "../../protocol/connection-pool";
import { type DubboInvocation, type ProtobufInvocation, preparedArguments } from "../../protocol/dubbo-invoker";
import type { Actor } from "@/lib/auth/actor";
import type { AllowEntry } from "@/lib/net/direct-url-allowlist";
import type { AuditRecording } from "../audit/audit-log";
import { invocationDraft } from "../audit/invoke-audit";
import { type DirectCaller, type DirectTarget, directTargets } from "./direct-url-policy";
import { apiTagRoute, invokeAnswer } from "./invoke-answer";
import type { TagRouteReport } from "../../cluster/directory/tag-route-step";
import { TriplePool } from "../../protocol/triple/triple-pool";
import { References } from "./invoke-references";
import { callSignature } from "./invoke-signature";
import type { ProtoService } from "../../protocol/triple/proto-schema";
import { encodeProtobufArgument } from "../../protocol/triple/protobuf-call";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";

/** What the invocation service reads of the service catalog. */
export interface InvokeCatalog {
  /** The service's entry; undefined when nothing registers it. @throws RegistryUnavailableError before any registry was read. */
  entry(key: string): CatalogService | undefined;
  /** The service's methods (metadata definition, else names from the provider URLs). */
  methods(entry: CatalogService): Promise<ServiceMethods>;
  /** The IDL service its `tri://` providers describe by reflection; null when none does. */
  protoService?(entry: CatalogService): Promise<{ readonly service: ProtoService } | null>;
  readonly registrySources: readonly string[];
}

const NO_METHODS: ServiceMethods = { source: "none", methods: [] };

/**
 * The protobuf method a call to an IDL service makes, its one argument checked against the
 * request message now (400 before anything is sent). @throws InvalidArgumentsError.
 */
function protobufMethod(proto: { readonly service: ProtoService } | null, method: string, args: readonly unknown[]): ProtobufInvocation | undefined {
  if (proto === null) return undefined;
  const m = proto.service.methods.get(method);
  if (m === undefined) return undefined;
  if (args.length !== 1) throw new InvalidArgumentsError([{ path: "args", message: `${method}(${m.input.typeName}) takes one argument, the request message as JSON; got ${args.length}` }]);
  encodeProtobufArgument(m, args[0]);
  return { service: proto.service.service.typeName, method: m };
}

/**
 * Whether every provider a call may reach is a `tri://` one: the `url`'s targets, the pinned
 * `provider`'s registered URLs, or else every registered provider of the service (at least one).
 */
function reachesTripleOnly(entry: CatalogService | undefined, targets: readonly DirectTarget[] | null, provider: string | undefined): boolean {
  if (targets !== null) return targets.every((t) => t.url.protocol === "tri");
  const reached = (entry?.providers ?? []).filter((p) => provider === undefined || urlAddress(p.url) === provider);
  return reached.length > 0 && reached.every((p) => p.url.protocol === "tri");
}

/**
 * POST /api/v1/invoke's service (ARCHITECTURE flow 3): resolves the service in the catalog
 * and the method's signature in its metadata, types the arguments (400 before anything is
 * sent when they do not fit), and calls through the cluster (the service's routes, the load
 * balance, the strategy's retries), on one pinned provider, or straight to a `url`.
 *
 * Timeouts follow Dubbo's: `timeoutMs` is each attempt's timeout (a Java consumer's
 * `timeout`; without it each attempt gets its provider's), and `retries` the attempts after
 * the first (FailoverClusterInvoker: a try that timed out is retried on another provider).
 * Apart from them, `deadlineMs` bounds the whole call, from the moment `invoke` is called
 * (resolving the method's signature included): when it passes, the call is given up with
 * a timeout that names the providers tried, and the attempts made so far.
 */
export class InvokeService {
  private readonly references: References;
  /** The last entry read of each service, served while the catalog cannot be read. */
  private readonly lastEntries = new Map<string, CatalogService>();

  constructor(
    private readonly catalog: InvokeCatalog,
    env: ClusterEnv,
    private readonly pool: ConnectionPool,
    /** Where each invocation made for an actor is recorded (after the call); none: not recorded. */
    private readonly audit?: AuditRecording,
    /** CONSOLE_DIRECT_URLS: where a `url` that is not a registered provider may go (./direct-url-policy.ts); none by default. */
    private readonly directUrls: readonly AllowEntry[] = [],
    /** One HTTP/2 connection per `tri://` provider address (server/protocol/triple/). */
    private readonly triple: TriplePool = new TriplePool(),
  ) {
    this.references = new References(() => catalog.registrySources, (key) => this.entry(key), env, pool, this.triple);
  }

  /**
   * Runs one call. Answers the value or the method's exception (200); throws a typed error
   * otherwise: InvalidArgumentsError / ValidationError (400), NotFoundError (404) for a
   * service no registry holds (without `url`), NoProviderError (503) for one with no
   * provider left to call, or an
   * InvocationFailedError carrying the attempts, with the code of the failure (504 timeout,
   * 502 remote_error or connection_failed, 503 provider_read_only, 413 payload_too_large).
   * `signal`: the HTTP request's, aborted when its client goes away. `caller`: whose role the
   * direct-url policy checks (./direct-url-policy.ts), the actor's by default. With `actor`, the call
   * and its outcome are recorded in the audit trail once it has ended (the record is written
   * in the background; a failure to write it is logged).
   */
  async invoke(body: InvokeRequestBody, signal?: AbortSignal, actor?: Actor, caller: DirectCaller = actor): Promise<InvokeResponse> {
    const audit = this.audit;
    if (!audit || !actor) return this.call(body, signal, caller);
    const started = performance.now();
    const record = (answer: Parameters<typeof invocationDraft>[2]) => {
      const draft = invocationDraft(actor, body, answer, performance.now() - started);
      audit.writer.record(draft).catch((e: unknown) => audit.log.error("the audit entry of an invocation could not be written", { summary: draft.summary, error: String(e) }));
    };
    try {
      const response = await this.call(body, signal, caller);
      record({ response });
      return response;
    } catch (error) {
      record({ error });
      throw error;
    }
  }

  private async call(body: InvokeRequestBody, signal: AbortSignal | undefined, caller: DirectCaller): Promise<InvokeResponse> {
    const started = performance.now();
    const service: ServiceId = { interface: body.service, group: body.group ?? "", version: body.version ?? "" };
    const key = serviceKey(service);
    const entry = this.entry(key, body.url !== undefined);
    if (entry === undefined && body.url === undefined) {
      throw new NotFoundError(`no registry holds the service ${JSON.stringify(key)} (a key is group/interface:version as GET /api/v1/services lists it; give url to call a provider directly)`, { service: key });
    }
    // Checked before anything else is done, so a refused url opens no socket and takes no time that tells anything.
    const targets = body.url === undefined ? null : directTargets(body.url, entry, this.directUrls, caller, key);
    const methods = entry === undefined ? NO_METHODS : await this.catalog.methods(entry);
    const signature = callSignature(body.method, body.parameterTypes, body.args, methods, reachesTripleOnly(entry, targets, body.provider));
    const proto = methods.source === "protobuf" && entry !== undefined && this.catalog.protoService ? protobufMethod(await this.catalog.protoService(entry), body.method, body.args) : undefined;
    const invocation: DubboInvocation = {
      method: body.method,
      parameterTypes: signature.parameterTypes,
      args: body.args,
      // The request tag travels as Dubbo's: the `dubbo.tag` attachment, read by the tag router and sent to the provider.
      attachments: body.tag === undefined ? (body.attachments ?? {}) : { ...body.attachments, [TAG_ATTACHMENT]: body.tag },
      ...(signature.types ? { types: signature.types } : {}),
      ...(proto ? { protobuf: proto } : {}),
    };
    // Arguments without types go to Triple's JSON path as they came: nothing to prepare.
    if (proto === undefined && signature.parameterTypes.length === body.args.length) {
      const prepared = preparedArguments(invocation);
      if (isConsoleError(prepared)) throw prepared;
    }
    const deadlineMs = deadlineOf(body);
    let tagRoute: TagRouteReport | null = null;
    const result = await this.withDeadline(key, deadlineMs, started, signal, (deadline) => {
      const onRouted = (routing: { tagRoute: TagRouteReport | null }) => void (tagRoute = routing.tagRoute);
      const options: ClusterCallOptions = { ...deadline, onRouted, ...(body.timeoutMs === undefined ? {} : { timeoutMs: body.timeoutMs }) };
      const settings = { ...(body.cluster ? { cluster: body.cluster } : {}), ...(body.loadbalance ? { loadbalance: body.loadbalance } : {}), ...(body.retries === undefined ? {} : { retries: body.retries }) };
      if (targets !== null) return this.references.direct(service, settings, targets, invocation, options);
      if (body.provider !== undefined) return this.references.pinned(key, service, settings, body.provider, invocation, options);
      return this.references.throughCluster(key, service, settings, invocation, options);
    });
    return invokeAnswer(result, performance.now() - started, signature.returnType, apiTagRoute(tagRoute));
  }

  /** Stops the references and closes every provider connection; resolves once the sockets are closed. */
  async close(): Promise<void> {
    this.references.stop();
    this.triple.closeAll();
    await this.pool.closeAll();
  }

  /**
   * Runs `call` with `timeoutMs` as a deadline for all its tries, counted from `started`,
   * and the request's signal (its client went away, or cancelled). A call the deadline
   * ended answers a CallDeadlineError naming the providers tried.
   */
  private async withDeadline(key: string, timeoutMs: number, started: number, signal: AbortSignal | undefined, call: (options: { signal: AbortSignal }) => Promise<ClusterResult>): Promise<ClusterResult> {
    const deadline = new AbortController();
    const passed = new CallDeadlineError(key, timeoutMs);
    const timer = setTimeout(() => deadline.abort(passed), Math.max(0, timeoutMs - (performance.now() - started)));
    const onAbort = () => deadline.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      if (signal?.aborted) deadline.abort(signal.reason);
      const result = await call({ signal: deadline.signal });
      if (result.outcome.type !== "error" || result.outcome.error !== passed) return result;
      const error = new CallDeadlineError(key, timeoutMs, result.attempts.map((a) => a.provider));
      return { ...result, outcome: { type: "error", error } };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** The catalog's entry of `key`, or the last one read while the catalog cannot be read (or, for a direct call, none). */
  private entry(key: string, optional = false): CatalogService | undefined {
    try {
      const entry = this.catalog.entry(key);
      if (entry === undefined) this.lastEntries.delete(key);
      else this.lastEntries.set(key, entry);
      return entry;
    } catch (e) {
      if (!isConsoleError(e) || e.code !== "registry_unavailable") throw e;
      if (optional || this.lastEntries.has(key)) return this.lastEntries.get(key);
      throw e;
    }
  }
}

/** The whole call's deadline: `deadlineMs`, else 60 s or, when longer, every attempt's timeout end to end (capped at the API's maximum). */
export function deadlineOf(body: Pick<InvokeRequestBody, "deadlineMs" | "timeoutMs" | "retries">): number {
  if (body.deadlineMs !== undefined) return body.deadlineMs;
  const attempts = body.timeoutMs === undefined ? 0 : body.timeoutMs * ((body.retries ?? DEFAULT_RETRIES) + 1);
  return Math.min(INVOKE_MAX_TIMEOUT_MS, Math.max(INVOKE_DEFAULT_DEADLINE_MS, attempts));
}
