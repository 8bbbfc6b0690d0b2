import type { NextConfig } from "next";
import { API_CSP, SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // Native CommonJS packages with sockets: required at run time, never bundled, so the
  // engine holds exactly one instance of each (and node-zookeeper-client's JSON spec loads).
  serverExternalPackages: ["node-zookeeper-client", "hessian.js", "argon2"],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // Next loads every route's bundle at start-up by default, in one macrotask: 0.6-1 s of
    // blocked event loop at start (issue 15 item 21). Each route loads on its first request
    // instead (a few ms now that routes reach the engine through server/runtime/engine-ref.ts).
    preloadEntriesOnStart: false,
  },
  // Pages get their Content-Security-Policy (with a per-request nonce) from proxy.ts.
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
    ];
  },
};

export default nextConfig;
