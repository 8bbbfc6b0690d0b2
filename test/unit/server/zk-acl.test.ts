import zookeeper from "node-zookeeper-client";
import { describe, expect, it } from "vitest";
import { isConsoleError } from "@/lib/errors";
import { aclEntries, aclPermissions, aclRefusalName, aclRefused, createAcl, describeAcl, digestId, permissionBits, permissionLetters } from "@/server/registry/zk/zk-acl";
import { AclSpecError, formatAclSpec, parseAclSpec } from "@/server/registry/zk/zk-acl-spec";
import { multiRefused } from "@/server/registry/zk/zk-writes";

const OPS = { username: "ops", password: "pass" };

describe("parseAclSpec", () => {
  it("reads zkCli's scheme:id:perms notation, a digest id's colon included", () => {
    const spec = "digest:ops:RTou39dDAyM5RhwI7x2yoT2utJg=:cdrwa, world:anyone:r,ip:10.0.0.0/8:r,ip:::1:rw,auth::cdrwa,x509:CN=console:r";
    expect(parseAclSpec(spec)).toEqual([
      { scheme: "digest", id: "ops:RTou39dDAyM5RhwI7x2yoT2utJg=", perms: "cdrwa" },
      { scheme: "world", id: "anyone", perms: "r" },
      { scheme: "ip", id: "10.0.0.0/8", perms: "r" },
      { scheme: "ip", id: "::1", perms: "rw" },
      { scheme: "auth", id: "", perms: "cdrwa" },
      { scheme: "x509", id: "CN=console", perms: "r" },
    ]);
  });

  it("writes the entries back as it read them", () => {
    const spec = "digest:ops:RTou39dDAyM5RhwI7x2yoT2utJg=:cdrwa,world:anyone:r";
    expect(formatAclSpec(parseAclSpec(spec))).toBe(spec);
  });

  it.each([
    ["", "no ACL entry given (write scheme:id:perms, e.g. world:anyone:r)"],
    ["world:r", "not scheme:id:perms (e.g. world:anyone:r, digest:user:<base64 sha1>:cdrwa)"],
    ["world:anyone:", 'no permissions after the last ":" (give letters of cdrwa)'],
    ["world:anyone:rr", 'permission "r" given twice'],
    ["world:anyone:READ", '"R" is not a permission (give letters of cdrwa)'],
    ["world:everyone:r", 'the world scheme has one id, "anyone"'],
    ["auth:ops:r", "the auth scheme takes no id (write auth::perms): ZooKeeper fills in the console's own identity"],
    ["digest:ops:r", "a digest id is user:<base64 sha1 of user:password>"],
    ["digest::RTou39dDAyM5RhwI7x2yoT2utJg=:r", "a digest id is user:<base64 sha1 of user:password>"],
    ["ip:10.0.0.300:r", '"10.0.0.300" is not an IP address'],
    ["ip:10.0.0.0/33:r", '"/33" is not a prefix length of 0 to 32'],
    ["Digest:ops:RTou39dDAyM5RhwI7x2yoT2utJg=:r", '"Digest" is not a scheme (world, auth, digest, ip, x509, sasl)'],
    ["sasl::r", "the sasl scheme needs an id"],
  ])("refuses %j: %s", (spec, reason) => {
    expect(() => parseAclSpec(spec)).toThrow(AclSpecError);
    expect(() => parseAclSpec(spec)).toThrow(reason);
  });

  it("does not repeat what follows a digest user in its message, which may be a password typed by mistake", () => {
    let message = "";
    try {
      parseAclSpec("digest:ops:hunter2:cdrwa");
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('"digest:ops:…"');
    expect(message).not.toContain("hunter2");
  });
});

describe("the ACL of created nodes", () => {
  it("computes ZooKeeper's digest id (the vector of ZooKeeper's admin guide for super:superpw)", () => {
    expect(digestId("super", "superpw")).toBe("super:g9oN2HttPfn8MMWJZ2r45Np/LIA=");
    expect(digestId("ops", "pass")).toBe("ops:RTou39dDAyM5RhwI7x2yoT2utJg=");
  });

  it("gives all permissions to the registry's digest identity, as Dubbo's CREATOR_ALL_ACL does, and nothing to anyone else", () => {
    expect(aclEntries(OPS)).toEqual([{ scheme: "digest", id: "ops:RTou39dDAyM5RhwI7x2yoT2utJg=", perms: "cdrwa" }]);
    expect(describeAcl(createAcl({ auth: OPS }))).toBe("digest:ops:RTou39dDAyM5RhwI7x2yoT2utJg=:cdrwa");
  });

  it("stays open (OPEN_ACL_UNSAFE) for a registry without credentials", () => {
    const acl = createAcl({});
    expect(acl).toHaveLength(1);
    expect(acl[0] && aclPermissions(acl[0])).toBe(zookeeper.Permission.ALL);
    expect(acl[0]?.id).toEqual(new zookeeper.Id("world", "anyone"));
  });

  it("takes the configured entries over the default, with or without credentials", () => {
    const configured = parseAclSpec("world:anyone:r,ip:10.0.0.0/8:cdrwa");
    expect(describeAcl(createAcl({ auth: OPS }, configured))).toBe("world:anyone:r,ip:10.0.0.0/8:cdrwa");
    expect(describeAcl(createAcl({}, configured))).toBe("world:anyone:r,ip:10.0.0.0/8:cdrwa");
    expect(createAcl({}, configured).map(aclPermissions)).toEqual([zookeeper.Permission.READ, zookeeper.Permission.ALL]);
  });

  it("maps permission letters to ZooKeeper's bits and back in cdrwa order", () => {
    expect(permissionBits("cdrwa")).toBe(zookeeper.Permission.ALL);
    expect(permissionBits("rw")).toBe(zookeeper.Permission.READ | zookeeper.Permission.WRITE);
    expect(permissionLetters(permissionBits("awr"))).toBe("rwa");
  });
});

/** A ZooKeeper exception as node-zookeeper-client makes one from a reply's code (Exception.create, missing from its typings). */
function zkException(code: number): zookeeper.Exception {
  return (zookeeper.Exception as unknown as { create(code: number): zookeeper.Exception }).create(code);
}

describe("ZooKeeper's ACL refusals", () => {
  it("recognises NoAuth, AuthFailed and InvalidACL, and nothing else", () => {
    expect(aclRefusalName(zkException(zookeeper.Exception.NO_AUTH))).toBe("NoAuth");
    expect(aclRefusalName(zkException(zookeeper.Exception.AUTH_FAILED))).toBe("AuthFailed");
    expect(aclRefusalName(zkException(zookeeper.Exception.INVALID_ACL))).toBe("InvalidACL");
    expect(aclRefusalName(zkException(zookeeper.Exception.NO_NODE))).toBeNull();
    expect(aclRefusalName(new Error("NoAuth"))).toBeNull();
  });

  it("becomes a 403 forbidden naming the node, the operation and whose credentials were refused", () => {
    const e = aclRefused("create", "/dubbo/x/routers/r", "NoAuth", OPS);
    expect(isConsoleError(e) && e.code).toBe("forbidden");
    expect(e.message).toBe('ZooKeeper refused create on /dubbo/x/routers/r: NoAuth; the console\'s credentials (user "ops") lack permission');
    expect(e.details).toEqual({ node: "/dubbo/x/routers/r", operation: "create", zookeeper: "NoAuth" });
    expect(e.message).not.toContain("pass");
  });

  it("tells a console without credentials to give some", () => {
    expect(aclRefused("getData", "/dubbo/x", "NoAuth", undefined).message).toBe(
      "ZooKeeper refused getData on /dubbo/x: NoAuth; the console has no ZooKeeper credentials (give them as user:password@ in DUBBO_REGISTRY)",
    );
  });

  it("names the op of a multi that ZooKeeper refused: the first result that is not OK", () => {
    const ops = [
      ["setData", "/dubbo/x/routers"],
      ["remove", "/dubbo/x/routers/a"],
      ["create", "/dubbo/x/routers/b"],
      ["create", "/dubbo/config/dubbo/x.condition-router"],
    ] as const;
    const { OK, NO_AUTH } = zookeeper.Exception;
    const results = [{ err: OK }, { err: OK }, { err: OK }, { err: NO_AUTH }];
    const e = multiRefused({ address: { auth: OPS } as never }, ops, results, "NoAuth");
    expect(isConsoleError(e) && e.details).toEqual({ node: "/dubbo/config/dubbo/x.condition-router", operation: "create", zookeeper: "NoAuth" });
    const runtimeInconsistency = -2;
    const second = multiRefused({ address: { auth: OPS } as never }, ops, [{ err: OK }, { err: NO_AUTH }, { err: runtimeInconsistency }, { err: runtimeInconsistency }], "NoAuth");
    expect(isConsoleError(second) && second.details?.node).toBe("/dubbo/x/routers/a");
  });
});
