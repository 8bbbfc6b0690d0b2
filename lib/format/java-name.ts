/**
 * Splits a dotted Java name after each dot, so it can wrap at package boundaries and
 * never inside a word: "io.demo.GreetingService" → ["io.", "demo.", "GreetingService"].
 * Joining the parts gives the name back unchanged.
 */
export function splitAfterDots(name: string): string[] {
  return name.split(/(?<=\.)/).filter((part) => part !== "");
}

/**
 * Splits a service key (`group/interface:version`) where it may wrap: after the group's
 * `/` and after each dot of the interface, the version staying with the simple name:
 * "demo/io.x.Svc:1.0.0" → ["demo/", "io.", "x.", "Svc:1.0.0"]. Joining gives the key back.
 */
export function splitServiceKey(key: string): string[] {
  const slash = key.indexOf("/");
  const group = slash >= 0 ? key.slice(0, slash + 1) : "";
  const rest = key.slice(group.length);
  const colon = rest.lastIndexOf(":");
  const iface = colon >= 0 ? rest.slice(0, colon) : rest;
  const parts = splitAfterDots(iface);
  if (colon >= 0) parts.push(`${parts.pop() ?? ""}${rest.slice(colon)}`);
  return [...(group ? [group] : []), ...parts];
}
