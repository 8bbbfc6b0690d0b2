import { FleetChain } from "@/lib/routing/evaluate/route-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { RuleCopy } from "@/lib/dubbo/rules/rule-copies";
import { registryProviders, type ProviderSet } from "./preview-providers";
import { type ChainPlan, preparePlanned } from "./route-chain-answer";
import { type ImpactChains, impactDiffer } from "./route-impact";

/**
 * The chains the impact view runs, made on first ask, per copy (the registry's route URLs,
 * or the config-center rule's conditions) and per semantics: the providers as that
 * semantics reads them (`own` for `semantics`; for the other, one it cannot parse is left
 * out, and said in `notes`), the saved routes and the draft parsed for it.
 */
export function impactChains(plan: ChainPlan, semantics: DubboRelease, own: ProviderSet, notes: string[]): (copy: RuleCopy, semantics: DubboRelease) => ImpactChains {
  const made = new Map<string, ImpactChains>();
  const sets = new Map<DubboRelease, ProviderSet>([[semantics, own]]);
  const setFor = (s: DubboRelease): ProviderSet => {
    let set = sets.get(s);
    if (set === undefined) {
      sets.set(s, (set = registryProviders(own.urls, s)));
      notes.push(...set.notes.map((n) => `Impact view: ${n}`));
    }
    return set;
  };
  return (copy, s) => {
    const key = `${copy} ${s}`;
    let chains = made.get(key);
    if (chains === undefined) {
      const { tables } = setFor(s);
      const [before, after] = copy === "registry" ? [plan.before, plan.after] : [plan.copyBefore, plan.copyAfter];
      chains = { before: new FleetChain(preparePlanned(before, s), tables), after: new FleetChain(preparePlanned(after, s), tables), diff: impactDiffer(tables) };
      made.set(key, chains);
    }
    return chains;
  };
}
