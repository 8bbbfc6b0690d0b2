import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native CommonJS packages with sockets: required at run time, never bundled, so the
  // engine holds exactly one instance of each (and node-zookeeper-client's JSON spec loads).
  serverExternalPackages: ["node-zookeeper-client", "hessian.js", "argon2"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
