/**
 * Synthetic but realistic registry URLs for the benchmarks, shaped like the ones the rig's
 * Java peers write (captured from test/peers on ZooKeeper, 2.7.23 and 3.3.6):
 *
 *   dubbo://127.0.0.1:40537/io.dubboconsole.demo.api.GreetingService?anyhost=true&application=demo-provider-27
 *     &deprecated=false&dubbo=2.0.2&dynamic=true&generic=false&interface=io.dubboconsole.demo.api.GreetingService
 *     &metadata-type=remote&methods=whoAmI,greet&pid=32660&release=2.7.23
 *     &service.name=ServiceBean:/io.dubboconsole.demo.api.GreetingService&side=provider&threads=50&timestamp=1795982327655
 *   dubbo://127.0.0.1:44565/io.dubboconsole.demo.api.GreetingService?application=demo-provider-33&deprecated=false
 *     &dubbo=2.0.2&dynamic=true&generic=false&interface=io.dubboconsole.demo.api.GreetingService&methods=greet,whoAmI
 *     &prefer.serialization=hessian2,fastjson2&release=3.3.6&side=provider&timestamp=1795982329622
 *   consumer://192.0.2.2/io.dubboconsole.demo.api.GreetingService?application=demo-consumer-27&category=consumers
 *     &check=false&dubbo=2.0.2&interface=io.dubboconsole.demo.api.GreetingService&metadata-type=remote
 *     &methods=whoAmI,greet&pid=32723&qos.enable=false&release=2.7.23&retries=0&side=consumer&sticky=false
 *     &timeout=3000&timestamp=1795982331084
 *
 * The demo services have two methods; a real business service has more, so these carry six,
 * and a quarter of the services a group and version. Encoded as ZooKeeper child names they
 * are 460-600 characters long, 513 the median (the demo's: 370-470).
 */
import { javaUrlEncode } from "@/lib/dubbo/url";

const METHODS = ["create", "update", "delete", "findById", "findByCustomer", "listPage", "countByStatus", "batchUpdate"];
/** The registration time of every synthetic URL; churn writes later ones. */
export const BASE_TIMESTAMP = 1_795_982_327_655;

/** The interface of service number `s`. */
export function serviceInterface(s: number): string {
  return `com.example.domain${s % 40}.service.OrderService${s}`;
}

function groupVersion(s: number): string {
  return s % 4 === 0 ? `&group=tenant${s % 3}&version=1.${s % 5}.0` : "";
}

function methods(s: number): string {
  return Array.from({ length: 6 }, (_, i) => METHODS[(s + i) % METHODS.length]!).join(",");
}

/** The host of provider `p` of service `s`: 20 providers per service spread over a few thousand hosts. */
function providerHost(s: number, p: number): string {
  const h = (s * 7 + p * 131) % 4096;
  return `10.${16 + (h >> 12)}.${(h >> 6) & 63}.${h & 63}`;
}

/** The decoded URL of provider `p` of service `s`; odd ones in Dubbo 2.7's shape, even ones in 3.3's. */
export function providerUrl(s: number, p: number, timestamp = BASE_TIMESTAMP + p): string {
  const iface = serviceInterface(s);
  const address = `${providerHost(s, p)}:${20880 + (p % 4)}`;
  const app = `order-service-${s % 300}`;
  if ((s + p) % 2 === 1) {
    return (
      `dubbo://${address}/${iface}?anyhost=true&application=${app}&deprecated=false&dubbo=2.0.2&dynamic=true&generic=false` +
      `${groupVersion(s)}&interface=${iface}&metadata-type=remote&methods=${methods(s)}&pid=${10_000 + p}&release=2.7.23` +
      `&service.name=ServiceBean:/${iface}&side=provider&threads=200&timeout=3000&timestamp=${timestamp}`
    );
  }
  return (
    `dubbo://${address}/${iface}?application=${app}&deprecated=false&dubbo=2.0.2&dynamic=true&generic=false${groupVersion(s)}` +
    `&interface=${iface}&methods=${methods(s)}&prefer.serialization=hessian2,fastjson2&release=3.3.6` +
    `&service-name-mapping=true&side=provider&timeout=3000&timestamp=${timestamp}`
  );
}

/** The decoded URL of consumer `c` of service `s`, in Dubbo 2.7's shape. */
export function consumerUrl(s: number, c: number): string {
  const iface = serviceInterface(s);
  const h = (s * 3 + c * 17) % 1024;
  return (
    `consumer://10.32.${h >> 6}.${h & 63}/${iface}?application=web-gateway-${(s + c) % 60}&category=consumers&check=false` +
    `&dubbo=2.0.2${groupVersion(s)}&interface=${iface}&metadata-type=remote&methods=${methods(s)}&pid=${20_000 + c}` +
    `&qos.enable=false&release=2.7.23&retries=0&side=consumer&sticky=false&timeout=3000&timestamp=${BASE_TIMESTAMP + c}`
  );
}

/** The ZooKeeper path of a URL registered under `/dubbo/{iface}/{category}`. */
export function urlPath(s: number, category: "providers" | "consumers", url: string): string {
  return `/dubbo/${serviceInterface(s)}/${category}/${javaUrlEncode(url)}`;
}
