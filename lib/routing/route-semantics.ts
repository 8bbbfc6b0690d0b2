import type { DubboRelease } from "../dubbo/dubbo-release";

/** The Java condition router a release mirrors (lib/dubbo/dubbo-release.ts), for texts an operator reads. */
export function routerClassName(semantics: DubboRelease): string {
  return semantics === "2.7" ? "ConditionRouter (Dubbo 2.7.23)" : "ConditionStateRouter (Dubbo 3.3)";
}
