import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { parseHealthProbe } from "@/server/runtime/health";
import { envNamesRead } from "./env-reads";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const docs = parseAllDocuments(readFileSync(join(ROOT, "deploy", "kubernetes.yaml"), "utf8")).map((d) => d.toJS() as Manifest);
const dockerfile = readFileSync(join(ROOT, "deploy", "Dockerfile"), "utf8");
const operations = readFileSync(join(ROOT, "docs", "operations.md"), "utf8");
const read = envNamesRead(ROOT);

/**
 * Names the manifest sets that this branch's code does not read yet: the sign-in work
 * (issue 9, branch auth-server) reads them. Once it has merged they are in `read` too.
 */
const READ_BY_PENDING_WORK = new Set(["CONSOLE_SESSION_SECRET", "CONSOLE_API_TOKEN", "CONSOLE_USERS_FILE"]);
/** Names the code reads that the manifest leaves unset on purpose (each documented in docs/operations.md). */
const LEFT_UNSET = new Map([
  ["HOME", "the image's user's home; only the default cache folder uses it"],
  ["HOST", "read by `npm run demo` only"],
  ["NEXT_RUNTIME", "set by Next.js itself"],
  ["NODE_ENV", "production, set by the image and by `npm start` itself"],
  ["CONSOLE_AUTH", "never `off` in production"],
  ["CONSOLE_ZK_ACL", "optional; an example is commented in the ConfigMap"],
  ["CONSOLE_SESSION_TTL", "optional; default 8 h"],
  ["CONSOLE_MAX_BODY_BYTES", "optional"],
  ["CONSOLE_INVOKE_RATE", "optional"],
  ["PROMETHEUS_URL", "optional; default none: the console scrapes the providers' QoS metrics itself"],
  ["CONSOLE_PROMETHEUS_RATE_WINDOW", "optional; default 1m"],
  ["CONSOLE_METRICS_SCRAPE_MS", "optional; default 5000"],
  ["CONSOLE_DIRECT_URLS", "optional; default none: direct urls reach registered providers only"],
  ["CONSOLE_WRITE_RATE", "optional"],
  ["CONSOLE_HEARTBEAT_MS", "optional; default 60000, Dubbo's heartbeat"],
  ["CONSOLE_QOS_PORT", "optional; default 22222, Dubbo's QoS port"],
  ["CONSOLE_AUDIT_PATH", "optional"],
  ["CONSOLE_AUDIT_MAX", "optional"],
  ["CONSOLE_TRUSTED_PROXIES", "depends on the Ingress controller's network; an example is commented in the ConfigMap"],
]);

interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec: Record<string, unknown>;
}
interface Probe {
  httpGet: { path: string; port: string };
}
interface Container {
  ports: { name: string; containerPort: number }[];
  envFrom: { configMapRef: { name: string } }[];
  env: { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }[];
  volumeMounts: { name: string; mountPath: string }[];
  livenessProbe: Probe;
  readinessProbe: Probe;
  startupProbe: Probe;
  securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean };
}
interface PodSpec {
  securityContext: { runAsNonRoot: boolean; runAsUser: number };
  containers: Container[];
  volumes: { name: string; emptyDir?: object; secret?: { secretName: string; items: { key: string; path: string }[] } }[];
}

const byKind = (kind: string) => docs.find((d) => d.kind === kind)!;
const configMap = byKind("ConfigMap");
const deployment = byKind("Deployment");
const pod = (deployment.spec.template as { spec: PodSpec }).spec;
const container = pod.containers[0]!;
const mountOf = (path: string) => container.volumeMounts.find((m) => path === m.mountPath || path.startsWith(`${m.mountPath}/`));
const volumeAt = (path: string) => pod.volumes.find((v) => v.name === mountOf(path)?.name);
const manifestEnv = new Set([...Object.keys(configMap.data ?? {}), ...container.env.map((e) => e.name)]);

/** The route file that serves an HTTP path (query ignored), if any. */
const routeFileOf = (path: string) => join(ROOT, "app", ...new URL(path, "http://x").pathname.split("/").filter(Boolean), "route.ts");

describe("deploy/kubernetes.yaml", () => {
  it("runs several replicas behind one Service on the container's http port", () => {
    expect(deployment.spec.replicas).toBe(3);
    const service = byKind("Service");
    expect(service.spec.selector).toEqual((deployment.spec.selector as { matchLabels: object }).matchLabels);
    expect(service.spec.ports).toEqual([{ name: "http", port: 80, targetPort: "http" }]);
    expect(container.ports).toEqual([{ name: "http", containerPort: Number(configMap.data!.PORT) }]);
    expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }]);
  });

  it("probes liveness and readiness on the health endpoint the console serves", () => {
    const probes = [container.livenessProbe, container.readinessProbe, container.startupProbe].map((p) => p.httpGet);
    for (const { path, port } of probes) {
      expect(existsSync(routeFileOf(path)), path).toBe(true);
      expect(port).toBe("http");
    }
    const probeOf = (path: string) => parseHealthProbe(new URL(path, "http://x").searchParams);
    expect(probes.map((p) => probeOf(p.path))).toEqual(["live", "ready", "live"]);
  });

  it("sets only environment variables the console reads", () => {
    const unread = [...manifestEnv].filter((name) => !read.has(name) && !READ_BY_PENDING_WORK.has(name));
    expect(unread).toEqual([]);
  });

  it("sets every environment variable the console reads, except those left unset on purpose", () => {
    expect([...read].filter((name) => !manifestEnv.has(name) && !LEFT_UNSET.has(name))).toEqual([]);
  });

  it("takes the secrets from the Secret, never from the ConfigMap", () => {
    const fromSecret = container.env.filter((e) => e.valueFrom?.secretKeyRef).map((e) => [e.name, e.valueFrom!.secretKeyRef.key]);
    expect(fromSecret).toEqual([
      ["CONSOLE_SESSION_SECRET", "CONSOLE_SESSION_SECRET"],
      ["CONSOLE_API_TOKEN", "CONSOLE_API_TOKEN"],
    ]);
    expect(Object.keys(configMap.data ?? {}).filter((k) => /SECRET|TOKEN|PASSWORD/.test(k))).toEqual([]);
  });

  it("mounts the users file from the Secret at CONSOLE_USERS_FILE", () => {
    const file = container.env.find((e) => e.name === "CONSOLE_USERS_FILE")!.value!;
    const volume = volumeAt(file);
    expect(volume?.secret?.secretName).toBe("dubbo-console");
    expect(volume?.secret?.items).toEqual([{ key: "users.yaml", path: file.slice(dirname(file).length + 1) }]);
  });

  it("runs as a non-root user on a read-only root, writing only to emptyDirs", () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    for (const path of [configMap.data!.DUBBO_CONSOLE_CACHE_DIR!, "/app/.next/cache", "/tmp"]) expect(volumeAt(path)?.emptyDir, path).toBeDefined();
  });
});

describe("deploy/Dockerfile", () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it("runs npm start's entry as the non-root user the manifest expects", () => {
    expect(runtime).toMatch(/^USER 1000:1000$/m);
    expect(runtime).toMatch(/^CMD \["node", "scripts\/start\.mjs"/m);
    expect(runtime).toContain("ENV NODE_ENV=production");
  });

  it("ships only production dependencies in the final stage", () => {
    const prodDeps = stages.find((s) => s.includes("npm ci --omit=dev"));
    expect(prodDeps).toBeDefined();
    const stageName = /AS (\S+)/.exec(prodDeps!)![1];
    expect(runtime).toContain(`--from=${stageName} /app/node_modules ./node_modules`);
    expect(runtime).not.toMatch(/npm (ci|install)/);
  });

  it("checks its health on the readiness path", () => {
    const check = /^HEALTHCHECK[\s\S]*?CMD (.*)$/m.exec(runtime)?.[1] ?? "";
    expect(check).toContain("/api/health'");
    expect(existsSync(routeFileOf("/api/health"))).toBe(true);
  });

  it("copies the build's start-time checks and every script scripts/start.mjs imports", () => {
    const start = readFileSync(join(ROOT, "scripts", "start.mjs"), "utf8");
    const copied = [...runtime.matchAll(/^COPY .*--from=build \/app\/(\S+) \.\/\S*$/gm)].map((m) => m[1]!);
    const isCopied = (file: string) => copied.some((dir) => file === dir || file.startsWith(`${dir}/`));
    // The checks, compiled by `npm run build` (scripts/build-start-checks.mjs writes them there).
    const checks = /new URL\("\.\.\/(\.next\/[^"]+)"/.exec(start)?.[1];
    expect(checks).toBe(".next/console-start/start-checks.mjs");
    expect(readFileSync(join(ROOT, "scripts", "build-start-checks.mjs"), "utf8")).toContain(`outfile: "${checks}"`);
    expect(isCopied(checks!)).toBe(true);
    // No TypeScript loader at run time: it would sit on the path of every later import.
    expect(start).not.toMatch(/from "tsx|tsx\.import/);
    const scripts = [...start.matchAll(/from "\.\/([^"]+)"/g)].map((m) => `scripts/${m[1]!}`);
    expect(scripts).toContain("scripts/serve-when-ready.mjs");
    expect(scripts.filter((file) => !isCopied(file))).toEqual([]);
  });
});

describe("docs/operations.md", () => {
  it("documents every environment variable the console reads or the manifest sets", () => {
    const names = [...new Set([...read, ...manifestEnv])].filter((n) => n !== "NEXT_RUNTIME" && n !== "HOME");
    expect(names.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });
});
