import Link from "next/link";
import { ApiError } from "@/lib/api/client/fetch-json";
import { RegistryUnavailableCallout } from "../services/registry-unavailable-callout";
import { Callout } from "../ui/callout";

/**
 * Why an entity page has nothing to show: the thing is not registered (404 `not_found`,
 * with the way back to the list), no registry has been read yet, or another failure.
 */
/** `what` names the entity as a sentence's subject ("This service"); `notFound` replaces "{what} is not registered" where that does not read well. */
export function EntityProblem({ error, what, back, notFound }: { error: Error; what: string; back: { href: string; label: string }; notFound?: string }) {
  if (error instanceof ApiError && error.code === "registry_unavailable") return <RegistryUnavailableCallout error={error} />;
  if (error instanceof ApiError && error.code === "not_found") {
    return (
      <Callout data-testid="entity-not-found" title={notFound ?? `${what} is not registered`}>
        <p className="[overflow-wrap:anywhere]">{error.message}</p>
        <p>This page shows it as soon as it registers.</p>
        <p className="mt-2">
          <Link href={back.href} className="text-brand-700 underline-offset-2 hover:underline dark:text-sky-300">
            {back.label}
          </Link>
        </p>
      </Callout>
    );
  }
  return (
    <Callout tone="bad" data-testid="entity-error" title={`Could not load ${what.toLowerCase()}`}>
      <p className="[overflow-wrap:anywhere]">{error.message}</p>
    </Callout>
  );
}
