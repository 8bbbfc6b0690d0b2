import type { TestZk } from "./zk-client";

/**
 * Writes an application's tag rule where real consumers read it. The scenarios of
 * test/integration/tags-obeyed.test.ts run against any writer: this one writes ZooKeeper by
 * hand; one going through the console's HTTP API can take its place.
 */
export interface TagRuleWriter {
  /** Creates or replaces the tag rule of provider application `app` with `yaml`. */
  put(app: string, yaml: string): Promise<void>;
  /** Deletes the tag rule of `app`; nothing when there is none. */
  remove(app: string): Promise<void>;
}

/** Where Dubbo 2.7 and 3.x consumers read `app`'s tag rule: the config center's `dubbo` group, key `{app}.tag-router`. */
export const tagRuleNode = (app: string): string => `/dubbo/config/dubbo/${app}.tag-router`;

/** A TagRuleWriter that writes the rule's node straight into ZooKeeper through `zk`. */
export function zkTagRuleWriter(zk: TestZk): TagRuleWriter {
  return {
    async put(app, yaml) {
      const node = tagRuleNode(app);
      if ((await zk.getData(node)) === null) await zk.createWithData(node, yaml);
      else await zk.setData(node, yaml);
    },
    async remove(app) {
      const node = tagRuleNode(app);
      if ((await zk.getData(node)) !== null) await zk.remove(node);
    },
  };
}
