import type { Consumer } from "@/lib/api/catalog-entities";
import type { Route } from "@/lib/api/routing/routes";
import type { PreviewSources } from "@/server/governance/preview/route-preview";

/**
 * The registry behind the POST /api/v1/routes/preview example of docs/api.md: GreetingService
 * of `npm run demo` with its two consumers and one saved route. The docs test runs the
 * example request against it and expects the example answer, word for word.
 */
const SERVICE = "io.dubboconsole.demo.api.GreetingService";

const consumer = (app: string, release: string): Consumer => ({
  url: `consumer://127.0.0.1/${SERVICE}?application=${app}&interface=${SERVICE}&methods=greet,whoAmI&release=${release}&side=consumer`,
  address: "127.0.0.1",
  host: "127.0.0.1",
  application: app,
  release,
  registry: "zookeeper://127.0.0.1:2181",
  parameters: { application: app, interface: SERVICE, methods: "greet,whoAmI", release, side: "consumer" },
});

const saved: Route = {
  id: "0.aW8uZHViYm9jb25zb2xlLmRlbW8uYXBpLkdyZWV0aW5nU2VydmljZQ...ZHJhaW4gMTI3LjAuMC4z",
  registry: "zookeeper://127.0.0.1:2181",
  service: SERVICE,
  group: "",
  version: "",
  name: "drain 127.0.0.3",
  rule: "=> host != 127.0.0.3",
  priority: 10,
  force: false,
  runtime: false,
  enabled: true,
  targets: ["registry"],
  configCenter: "none",
  origin: { writer: "console", loaded: true, reason: null },
  revision: "pQ3sVb0yqkYt7Q1f",
  node: `/dubbo/${SERVICE}/routers/route%3A%2F%2F0.0.0.0%2F…`,
  url: `route://0.0.0.0/${SERVICE}?category=routers&dynamic=false&enabled=true&force=false&name=drain 127.0.0.3&priority=10&router=condition&rule=%3D%3E+host+%21%3D+127.0.0.3&runtime=false`,
};

export const exampleSources: PreviewSources = {
  catalog: { routing: () => ({ providers: [], consumers: [consumer("storefront-27", "2.7.23"), consumer("storefront-33", "3.3.6")] }) },
  routes: { list: () => ({ routes: [saved] }) },
};
