import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { isConsoleError } from "@/lib/errors";

/**
 * Puts what a server service answers into the query cache under the key the page's client
 * hook uses, so the page arrives rendered. A typed console error (no registry read yet, an
 * unknown service) is left to the client, which asks the API itself and shows the error.
 */
export async function prefetchFromServer(queryClient: QueryClient, queryKey: QueryKey, read: () => unknown): Promise<void> {
  try {
    queryClient.setQueryData(queryKey, await read());
  } catch (e) {
    if (!isConsoleError(e)) throw e;
  }
}
