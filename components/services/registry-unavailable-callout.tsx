import { Unplug } from "lucide-react";
import type { ApiError } from "@/lib/api/fetch-json";
import { registryUnavailableDetailsSchema } from "@/lib/api/registry-unavailable";
import { Callout } from "../ui/callout";

/**
 * Why there is no list yet: the 503 `registry_unavailable` answer, one line per registry
 * with its state and the cause the session saw (connection refused, no answer, auth
 * failed). Falls back to the server's message when the details are not as expected.
 */
export function RegistryUnavailableCallout({ error }: { error: ApiError }) {
  const details = registryUnavailableDetailsSchema.safeParse(error.details);
  return (
    <Callout tone="bad" data-testid="services-error" icon={<Unplug aria-hidden />} title="The registry is unavailable">
      <p>No registry has been read yet, so there is no list to show. It appears as soon as a registry answers.</p>
      {details.success && details.data.registries.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {details.data.registries.map((r) => (
            <li key={r.source} className="[overflow-wrap:anywhere]">
              <code className="font-mono text-xs">{r.source}</code> is {r.state}
              {r.cause && <>: {r.cause}</>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 [overflow-wrap:anywhere]">{error.message}</p>
      )}
    </Callout>
  );
}
