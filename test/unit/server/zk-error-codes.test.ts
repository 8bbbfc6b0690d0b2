import zookeeper from "node-zookeeper-client";
import { describe, expect, it } from "vitest";
import { aclRefusalName } from "@/server/registry/zk/zk-acl";
import { tolerateNewerErrorCodes } from "@/server/registry/zk/zk-error-codes";

const create = (code: number, path?: string) => (zookeeper.Exception as unknown as { create(code: number, path?: string): zookeeper.Exception }).create(code, path);

describe("tolerateNewerErrorCodes", () => {
  it("makes node-zookeeper-client answer an exception for codes newer than it knows, where it threw", () => {
    expect(() => create(-124)).toThrow("Unknown code: -124");
    tolerateNewerErrorCodes();
    tolerateNewerErrorCodes();
    const e = create(-124, "/dubbo");
    expect(e).toBeInstanceOf(zookeeper.Exception);
    expect([e.getCode(), e.getName(), e.getPath(), (e as unknown as Error).message]).toEqual([-124, "SESSION_CLOSED_REQUIRE_SASL_AUTH", "/dubbo", "Exception: SESSION_CLOSED_REQUIRE_SASL_AUTH[-124]@/dubbo"]);
    expect(aclRefusalName(e)).toBe("SessionClosedRequireAuth");
    expect([create(-125).getName(), create(-999).getName()]).toEqual(["QUOTA_EXCEEDED", "UNKNOWN_-999"]);
  });

  it("leaves the codes the library knows as they were", () => {
    tolerateNewerErrorCodes();
    const e = create(zookeeper.Exception.NO_AUTH, "/x");
    expect([e.getCode(), e.getName(), (e as unknown as Error).message]).toEqual([zookeeper.Exception.NO_AUTH, "NO_AUTH", "Exception: NO_AUTH[-102]@/x"]);
  });
});
