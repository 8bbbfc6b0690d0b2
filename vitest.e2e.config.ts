import { defineConfig, mergeConfig } from "vitest/config";
import SummaryReporter from "./test/support/summary-reporter.ts";
import { shared } from "./vitest.shared.ts";

/** A real Chromium (Debian's, driven by playwright-core) against `next start`, over the real rig. */
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ["test/e2e/**/*.test.ts"],
      environment: "node",
      reporters: ["default", new SummaryReporter("e2e")],
      globalSetup: ["test/support/rig-setup.ts"],
      testTimeout: 120_000,
      hookTimeout: 180_000,
      fileParallelism: false,
    },
  }),
);
