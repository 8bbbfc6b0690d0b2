/**
 * Whose configurator semantics to mirror: Dubbo 2.7.23 or 3.3.6. The same `"2.7" | "3.x"` as
 * lib/routing's RouteSemantics and lib/dubbo's UrlDialect (issue 16 names them once).
 */
export type OverrideRelease = "2.7" | "3.x";
