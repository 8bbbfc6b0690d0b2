import { describe, expect, it } from "vitest";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import type { Registry } from "@/server/registry/registry";
import { ServiceCatalog } from "@/server/governance/catalog/catalog";

/** A registry not yet usable: its first read has read `reading` interface nodes (null: no read under way). */
function unreadRegistry(reading: number | null, state = "connected", cause: string | null = null): Registry {
  const none = () => () => {};
  return {
    address: { source: "zookeeper://10.0.0.1:2181" },
    usable: false,
    stale: () => null,
    view: { serviceNames: [][Symbol.iterator](), service: () => undefined, onChange: none, readingCount: reading },
    discovery: { serviceKeys: () => [], providers: () => [], onChange: none },
    report: { onChange: none },
    session: { onState: none, state: { type: state }, lastError: cause ? { message: cause } : null },
  } as unknown as Registry;
}

function refusal(catalog: ServiceCatalog): RegistryUnavailableError {
  try {
    catalog.list({ limit: 1 });
  } catch (e) {
    if (e instanceof RegistryUnavailableError) return e;
    throw e;
  }
  throw new Error("the catalog answered a list");
}

describe("the catalog's answer before any registry is read (issue 15 item 22's callout)", () => {
  it("says a registry is being read, with the interfaces read so far", () => {
    const e = refusal(new ServiceCatalog([unreadRegistry(812)]));
    expect(e.message).toBe("no registry has been read yet: zookeeper://10.0.0.1:2181 is being read (812 interfaces so far)");
    expect(e.details).toEqual({ registries: [{ source: "zookeeper://10.0.0.1:2181", state: "connected", cause: null, reading: 812 }] });
  });

  it("says a registry is unreachable, with the cause, when no read is under way", () => {
    const e = refusal(new ServiceCatalog([unreadRegistry(null, "connecting", "connection refused by 10.0.0.1:2181")]));
    expect(e.message).toBe("no registry has been read yet: zookeeper://10.0.0.1:2181 is connecting (connection refused by 10.0.0.1:2181)");
    expect(e.details).toMatchObject({ registries: [{ state: "connecting", reading: null }] });
  });
});
