import zookeeper from "node-zookeeper-client";
import { javaUrlEncode } from "@/lib/dubbo/url";

/** What a synthetic registry holds: `services` interfaces, each with providers and consumers. */
export interface RegistryShape {
  services: number;
  providersPerService: number;
  consumersPerService: number;
}

function providerUrl(iface: string, i: number): string {
  return (
    `dubbo://127.0.${1 + (i >> 8)}.${i & 255}:20880/${iface}?anyhost=true&application=bench-app-${i % 50}` +
    `&deprecated=false&dubbo=2.0.2&dynamic=true&generic=false&interface=${iface}` +
    `&methods=create,delete,find,list,update&pid=${1000 + i}&release=3.3.6&revision=1.0.0&service-name-mapping=true` +
    `&side=provider&timeout=3000&timestamp=1795963251712&version=1.0.0`
  );
}

function consumerUrl(iface: string, i: number): string {
  return (
    `consumer://127.0.9.${i & 255}/${iface}?application=bench-consumer-${i % 20}&category=consumers&check=false` +
    `&dubbo=2.0.2&interface=${iface}&methods=create,delete,find,list,update&pid=${2000 + i}&release=2.7.23` +
    `&side=consumer&sticky=false&timestamp=1795963251712&version=1.0.0`
  );
}

/** Writes Dubbo's interface-level layout for `shape` under `/dubbo`, in multi-op batches. */
export async function populateRegistry(connectString: string, shape: RegistryShape): Promise<number> {
  const client = zookeeper.createClient(connectString);
  await new Promise<void>((resolve) => {
    client.once("connected", () => resolve());
    client.connect();
  });
  const paths: string[] = ["/dubbo"];
  let urls = 0;
  for (let s = 0; s < shape.services; s++) {
    const iface = `com.bench.domain${s % 40}.Service${s}`;
    const base = `/dubbo/${iface}`;
    paths.push(base, `${base}/providers`, `${base}/consumers`, `${base}/routers`, `${base}/configurators`);
    for (let p = 0; p < shape.providersPerService; p++) paths.push(`${base}/providers/${javaUrlEncode(providerUrl(iface, s * 7 + p))}`);
    for (let c = 0; c < shape.consumersPerService; c++) paths.push(`${base}/consumers/${javaUrlEncode(consumerUrl(iface, s * 3 + c))}`);
    urls += shape.providersPerService + shape.consumersPerService;
  }
  const BATCH = 500;
  for (let i = 0; i < paths.length; i += BATCH) {
    const tx = client.transaction();
    for (const path of paths.slice(i, i + BATCH)) tx.create(path);
    await new Promise<void>((resolve, reject) => tx.commit((e) => (e ? reject(e) : resolve())));
  }
  client.close();
  return urls;
}
