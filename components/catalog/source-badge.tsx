import type { ProviderSourceName } from "@/lib/api/catalog-entities";
import { Badge } from "../ui/badge";

const LABEL: Record<ProviderSourceName, { text: string; title: string }> = {
  interface: { text: "interface", title: "Registered in the interface-level tree (/dubbo/{interface}/providers)" },
  instance: { text: "instance", title: "Seen only as a Dubbo 3 application instance (/services/{application})" },
  both: { text: "interface + instance", title: "Registered at interface level and as a Dubbo 3 application instance" },
};

/** Where a provider was seen: the interface-level tree, a Dubbo 3 application instance, or both. */
export function SourceBadge({ source }: { source: ProviderSourceName }) {
  const { text, title } = LABEL[source];
  return (
    <Badge tone={source === "instance" ? "warn" : "neutral"} title={title} data-source={source}>
      {text}
    </Badge>
  );
}
