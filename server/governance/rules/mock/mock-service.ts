import type { Consumer } from "@/lib/api/catalog-entities";
import type { CreateMockBody, Mock, MocksQuery, ReplaceMockBody } from "@/lib/api/mocks";
import type { Config } from "@/lib/api/overrides/configs";
import type { Actor } from "@/lib/auth/actor";
import { serviceKey } from "@/lib/dubbo/service-key";
import { isConsoleError } from "@/lib/errors";
import { type MockDraft, mockKey, mockValue, readMock } from "@/lib/mock/mock-rule";
import { ConflictError } from "@/server/errors/governance-errors";
import { NotFoundError } from "@/server/errors/request-errors";
import { CONSOLE_ACTOR } from "../condition/route-store";
import type { ConfigStore } from "../override/config-store";

/** What mocks read of the catalog: a service's registered consumers. */
export interface MockCatalog {
  routing(key: string): { readonly consumers: readonly Consumer[] };
}

/**
 * Mocks over the override store: each mock is one consumer-side config of its service whose
 * only parameter is `{method}.mock` (lib/mock/mock-rule.ts), limited to `applications` when
 * given, saved with both copies (every release from 2.7.3 reads one of them). Enable,
 * disable and delete are the config's; a mock takes no provider away, so no stranding check.
 */
export class MockService {
  constructor(
    private readonly configs: ConfigStore,
    private readonly catalog: MockCatalog,
  ) {}

  list(query: MocksQuery): { mocks: Mock[] } {
    const { configs } = this.configs.list({ service: query.service, group: query.group, version: query.version, registry: query.registry });
    return { mocks: configs.flatMap((c) => this.mockOf(c) ?? []) };
  }

  find(id: string): Mock | undefined {
    const config = this.configs.find(id);
    return config ? (this.mockOf(config) ?? undefined) : undefined;
  }

  async create(body: CreateMockBody, actor: Actor = CONSOLE_ACTOR): Promise<Mock> {
    const draft = draftOf(body);
    const config = await this.configs.create({
      scope: "service",
      service: body.service,
      group: body.group,
      version: body.version,
      side: "consumer",
      ...(body.applications.length > 0 ? { applications: body.applications } : {}),
      parameters: { [mockKey(draft.method)]: mockValue(draft) },
      enabled: body.enabled,
      ...(body.registry === undefined ? {} : { registry: body.registry }),
    }, actor);
    return this.mockOf(config)!;
  }

  async replace(id: string, revision: string, body: ReplaceMockBody, actor: Actor = CONSOLE_ACTOR): Promise<Mock> {
    const known = this.required(id);
    const draft = draftOf(body);
    const config = await this.configs.replace(id, revision, {
      scope: "service",
      service: known.service,
      group: known.group,
      version: known.version,
      side: "consumer",
      ...(body.applications.length > 0 ? { applications: body.applications } : {}),
      parameters: { [mockKey(draft.method)]: mockValue(draft) },
      enabled: body.enabled,
    }, actor);
    return this.mockOf(config)!;
  }

  async setEnabled(id: string, enabled: boolean, revision: string, actor: Actor = CONSOLE_ACTOR): Promise<Mock> {
    this.required(id);
    return this.mockOf(await this.configs.setEnabled(id, enabled, revision, actor))!;
  }

  async remove(id: string, revision: string, actor: Actor = CONSOLE_ACTOR): Promise<{ deleted: true; id: string }> {
    this.required(id);
    await this.configs.remove(id, revision, actor);
    return { deleted: true, id };
  }

  private required(id: string): Mock {
    const config = this.configs.find(id);
    if (!config) throw new NotFoundError(`no mock ${JSON.stringify(id)}: it was deleted, or is not read yet; GET /api/v1/mocks lists them`, { id });
    const mock = this.mockOf(config);
    if (!mock) throw new ConflictError(`config ${id} is not a mock (it sets other parameters); edit it as a config`, { id });
    return mock;
  }

  /** A config as a mock; null when it is not one (not consumer-side of a service, or other parameters). */
  private mockOf(c: Config): Mock | null {
    const keys = Object.keys(c.parameters);
    if (c.scope !== "service" || c.side !== "consumer" || keys.length !== 1 || c.addresses.length > 0 || c.providerAddresses.length > 0) return null;
    const draft = readMock(keys[0]!, c.parameters[keys[0]!]!);
    if (!draft) return null;
    const [service, group, version] = [c.service ?? "", c.group ?? "", c.version ?? ""];
    let consumers: readonly Consumer[] = [];
    try {
      consumers = this.catalog.routing(serviceKey({ interface: service, group, version })).consumers;
    } catch (e) {
      if (!isConsoleError(e)) throw e;
    }
    const reached = consumers.filter((x) => c.applications.length === 0 || c.applications.includes(x.application)).map((x) => ({ application: x.application, host: x.host, release: x.release }));
    return {
      id: c.id,
      registry: c.registry,
      service,
      group,
      version,
      method: draft.method,
      mode: draft.mode,
      ...(draft.throws === undefined ? { returns: draft.returns } : { throws: draft.throws }),
      applications: [...c.applications],
      enabled: c.enabled,
      revision: c.revision,
      consumers: c.enabled ? reached : [],
      config: c,
    };
  }
}

function draftOf(body: Pick<CreateMockBody, "method" | "mode" | "returns" | "throws">): MockDraft {
  return body.throws !== undefined ? { method: body.method, mode: body.mode, throws: body.throws } : { method: body.method, mode: body.mode, returns: body.returns };
}
