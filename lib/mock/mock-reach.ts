/**
 * Who a service's mocks answer, in words, as the server decides it
 * (server/governance/rules/mock/mock-service.ts): a mock limited to `applications` reaches
 * the consumers of those applications; one with no applications reaches every consumer of
 * the service. A disabled mock reaches no one. Pure, browser-safe.
 */
import { countOf } from "../format/plural";

/** What the words read of a mock. */
export interface MockReach {
  readonly method: string;
  readonly applications: readonly string[];
  readonly enabled: boolean;
}

/**
 * The registered consumers a mock limited to `applications` would answer (every consumer for
 * none), as the server's `consumers` of a saved mock: for the editor, before Save.
 */
export function mockReceivers<C extends { readonly application: string }>(consumers: readonly C[], applications: readonly string[]): C[] {
  return consumers.filter((c) => applications.length === 0 || applications.includes(c.application));
}

/** "every consumer of the service" for no applications, else the applications named. */
export function mockAudienceText(applications: readonly string[]): string {
  return applications.length === 0 ? "every consumer of the service" : `consumers of ${applications.length === 1 ? "application" : "applications"} ${applications.join(", ")}`;
}

/**
 * The banner of a service with enabled mocks: "2 methods answer mocked values for every
 * consumer of the service", or for the applications they name; null when none is enabled.
 */
export function mockBannerText(mocks: readonly MockReach[]): string | null {
  const active = mocks.filter((m) => m.enabled);
  if (active.length === 0) return null;
  const methods = new Set(active.map((m) => m.method)).size;
  const everyone = active.some((m) => m.applications.length === 0);
  const apps = [...new Set(active.flatMap((m) => m.applications))].sort();
  return `${countOf(methods, "method")} ${methods === 1 ? "answers" : "answer"} mocked values for ${everyone ? mockAudienceText([]) : mockAudienceText(apps)}`;
}
