import { LoaderCircle, Unplug } from "lucide-react";
import type { ApiError } from "@/lib/api/client/fetch-json";
import { unavailableState } from "@/lib/api/registry-unavailable";
import { Callout } from "../ui/callout";

/**
 * Why there is no list yet, from the 503 `registry_unavailable` answer (unavailableState):
 * the list is being built from a registry just read (with the services built so far); or a
 * registry is being read (with the interfaces read so far); or no registry answers, one line
 * per registry with its state and the cause the session saw (connection refused, no answer,
 * auth failed). Falls back to the server's message when the details are not as expected.
 */
export function RegistryUnavailableCallout({ error }: { error: ApiError }) {
  const state = unavailableState(error.details);
  switch (state.type) {
    case "building":
      return (
        <Callout tone="warn" data-testid="services-error" data-state="building" icon={<LoaderCircle aria-hidden />} title="The list is being built">
          <p>The registry has been read and the list is being built from it: {state.services.toLocaleString("en")} services so far. It appears in a moment.</p>
        </Callout>
      );
    case "reading":
      return (
        <Callout tone="warn" data-testid="services-error" data-state="reading" icon={<LoaderCircle aria-hidden />} title="The registry is being read">
          <p>The list appears as soon as the first read of a registry finishes.</p>
          <ul className="mt-2 space-y-1">
            {state.registries.map((r) => (
              <li key={r.source} className="[overflow-wrap:anywhere]">
                <code className="font-mono text-xs">{r.source}</code>{" "}
                {typeof r.reading === "number" ? <>is being read: {r.reading.toLocaleString("en")} interfaces so far</> : <>is {r.state}</>}
                {r.cause && <>: {r.cause}</>}
              </li>
            ))}
          </ul>
        </Callout>
      );
    case "unreachable":
    case "unknown":
      return (
        <Callout tone="bad" data-testid="services-error" data-state="unreachable" icon={<Unplug aria-hidden />} title="The registry is unavailable">
          <p>No registry has been read yet, so there is no list to show. It appears as soon as a registry answers.</p>
          {state.type === "unreachable" ? (
            <ul className="mt-2 space-y-1">
              {state.registries.map((r) => (
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
}
