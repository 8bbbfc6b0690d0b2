/** A provider's "host:port" (or "[v6 address]:port"), split for net.connect. */

export interface HostPort {
  readonly host: string;
  readonly port: number;
}

/** Splits "host:port" / "[::1]:port"; throws RangeError when there is no valid port or no host. */
export function parseHostPort(address: string): HostPort {
  const colon = address.lastIndexOf(":");
  const rawHost = colon > 0 ? address.slice(0, colon) : "";
  const portText = address.slice(colon + 1);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  const host = rawHost.startsWith("[") && rawHost.endsWith("]") ? rawHost.slice(1, -1) : rawHost;
  if (host === "" || !(port > 0 && port < 65536)) throw new RangeError(`not a provider address (host:port): ${JSON.stringify(address)}`);
  return { host, port };
}
