import { isIP } from "node:net";
import { type AllowedHosts, parseAllowedHosts } from "@/lib/http/allowed-hosts";
import { ConfigError } from "@/lib/errors";

/** How the console tells its own requests from others': the Host names it answers and the proxies it believes. */
export interface WebConfig {
  /** CONSOLE_ALLOWED_HOSTS, on top of localhost and the loopback addresses (lib/http/allowed-hosts.ts). */
  readonly allowedHosts: AllowedHosts;
  /**
   * CONSOLE_TRUSTED_PROXIES: addresses (`10.0.0.5`) and CIDR ranges (`10.0.0.0/8`,
   * `fd00::/8`) of the reverse proxies in front of the console. Only a request whose socket
   * comes from one of them has its `X-Forwarded-For` believed (app/api/_lib/peer-address.ts);
   * empty (the default), the client's address is always the socket's.
   */
  readonly trustedProxies: readonly string[];
}

/** Reads CONSOLE_ALLOWED_HOSTS and CONSOLE_TRUSTED_PROXIES; throws ConfigError naming the bad entry. */
export function parseWebConfig(env: Readonly<Record<string, string | undefined>>): WebConfig {
  const allowedHosts = parseAllowedHosts(env.CONSOLE_ALLOWED_HOSTS);
  if ("error" in allowedHosts) throw new ConfigError("CONSOLE_ALLOWED_HOSTS", allowedHosts.error);
  return { allowedHosts, trustedProxies: parseTrustedProxies(env.CONSOLE_TRUSTED_PROXIES) };
}

function parseTrustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError("CONSOLE_TRUSTED_PROXIES", `"${entry}" is not an IP address or CIDR range such as 10.0.0.0/8`);
    }
  }
  return entries;
}
