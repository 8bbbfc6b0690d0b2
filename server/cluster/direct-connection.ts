import { serviceKey } from "@/lib/dubbo/service-key";
import { type DubboUrl, parseDubboUrl, UrlSyntaxError } from "@/lib/dubbo/url";
import { type ConsumerSpec, consumerUrl } from "./directory/consumer-url";
import { StaticDirectory } from "./directory/directory";
import type { Invoker } from "./invoker";
import { mergeProviderUrl, withInterfacePath } from "./directory/merged-url";

/**
 * A direct connection: the reference's `url` (`dubbo://host:port` or `tri://host:port`, several separated by
 * `;`), no registry, no routes (ReferenceConfig.parseUrl / createInvoker, 2.7.23 and 3.3):
 * each URL takes the interface as path when it has none and is merged with the consumer's
 * settings (ClusterUtils.mergeUrl), and the consumer's `cluster` (default failover) runs
 * over them as a static list. A bare `host:port` is a dubbo URL (Java's default protocol).
 */

/** What a bare `host:port` is (Java's default protocol). */
const DEFAULT_PROTOCOL = "dubbo";
/** The protocols the engine speaks: dubbo, and Triple (server/protocol/triple/). */
export const DIRECT_PROTOCOLS: ReadonlySet<string> = new Set(["dubbo", "tri"]);

/** The URLs of a `url` setting. @throws UrlSyntaxError for one that is not `dubbo://` or `tri://host:port[/path][?params]`. */
export function parseDirectUrls(text: string): DubboUrl[] {
  const parts = text.split(/[\s;]+/).filter((p) => p !== "");
  if (parts.length === 0) throw new UrlSyntaxError(text, "no URL given");
  return parts.map((part) => {
    const url = parseDubboUrl(part.includes("://") ? part : `${DEFAULT_PROTOCOL}://${part}`);
    if (!DIRECT_PROTOCOLS.has(url.protocol)) throw new UrlSyntaxError(part, `protocol "${url.protocol}": the console calls dubbo:// and tri:// providers only`);
    if (url.host === "" || url.port <= 0) throw new UrlSyntaxError(part, "a direct connection needs host:port");
    return url;
  });
}

/** The directory of a direct connection: one invoker per URL, merged with the consumer's settings. */
export function directDirectory(urls: readonly DubboUrl[], consumer: ConsumerSpec, createInvoker: (url: DubboUrl) => Invoker): StaticDirectory {
  const consumerSide = consumerUrl(consumer).url;
  const invokers = urls.map((u) => createInvoker(mergeProviderUrl(withInterfacePath(u, consumer.service.interface), consumerSide.parameters)));
  return new StaticDirectory(serviceKey(consumer.service), consumerSide, invokers);
}
