import { TAG_PREVIEW_LIST_MAX, type TagPreviewBody, type TagPreviewResponse } from "@/lib/api/tag-route-preview";
import { isConsoleError } from "@/lib/errors";
import type { ConsumerRecord, ServiceEntry } from "../../governance/catalog/service-entry";
import type { Prediction } from "./router-snapshots";

/** What the prediction reads: the tag preview (which runs the whole chain) and the tag rule saved now. */
export interface ChainPredictionSources {
  preview(body: TagPreviewBody): TagPreviewResponse;
  currentText(application: string): string | null;
}

/**
 * What the console predicts a consumer's router chain leaves it now, for a call without a
 * request tag: the tag preview of the rule saved now (so before = after), which runs the
 * service's condition routes and the tag router in the order the consumer's release runs them
 * (server/governance/preview/tag/tag-chain.ts). The rule is the application's of the
 * service's first provider, as Dubbo reads it (the first provider a consumer holds names it).
 */
export function predictChain(sources: ChainPredictionSources): (entry: ServiceEntry, consumer: ConsumerRecord) => Prediction {
  return (entry, consumer) => {
    const application = entry.providers[0]?.application;
    if (!application) return { problem: "no provider of the service is registered" };
    let answer: TagPreviewResponse;
    try {
      answer = sources.preview({ application, yaml: sources.currentText(application), listMax: TAG_PREVIEW_LIST_MAX });
    } catch (e) {
      if (!isConsoleError(e)) throw e;
      return { problem: e.message };
    }
    const row = answer.services.find((s) => s.service === entry.key)?.consumers.find((c) => c.address === consumer.address || c.alike.includes(consumer.address));
    const untagged = row?.requests.find((r) => r.tag === null);
    if (untagged === undefined) return { problem: `the preview does not list the consumer at ${consumer.address}` };
    const { total, addresses } = untagged.before.providers;
    return { total, addresses, truncated: addresses.length < total };
  };
}
