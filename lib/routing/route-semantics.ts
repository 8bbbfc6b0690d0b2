/**
 * Which Java condition router the engine mirrors. Real consumers differ, so every answer
 * names the one it stands for:
 * - `"2.7"`: `ConditionRouter` of Dubbo 2.7.23 (and 3.0.0–3.0.5), the router that obeys
 *   routes in the registry's `routers` category;
 * - `"3.x"`: `ConditionStateRouter` of Dubbo 3.3, the router behind config-center
 *   `*.condition-router` rules (3.1+ consumers ignore the `routers` category).
 */
export type RouteSemantics = "2.7" | "3.x";

/** Both semantics, in the order the console shows them. */
export const ROUTE_SEMANTICS: readonly RouteSemantics[] = ["2.7", "3.x"];

/** The Java class a semantics mirrors, for texts an operator reads. */
export function routerClassName(semantics: RouteSemantics): string {
  return semantics === "2.7" ? "ConditionRouter (Dubbo 2.7.23)" : "ConditionStateRouter (Dubbo 3.3)";
}
