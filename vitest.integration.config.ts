import { defineConfig, mergeConfig } from "vitest/config";
import SummaryReporter from "./test/support/summary-reporter.ts";
import { shared } from "./vitest.shared.ts";

/** Against a real ZooKeeper server and real Java Dubbo 2.7 and 3.3 peers (test/support/rig-setup.ts). */
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ["test/integration/**/*.test.ts"],
      environment: "node",
      reporters: ["default", new SummaryReporter("integration")],
      globalSetup: ["test/support/rig-setup.ts"],
      testTimeout: 120_000,
      hookTimeout: 180_000,
      fileParallelism: false,
    },
  }),
);
