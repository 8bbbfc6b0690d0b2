import { defineConfig, mergeConfig } from "vitest/config";
import SummaryReporter from "./test/support/summary-reporter.ts";
import { shared } from "./vitest.shared.ts";

export default mergeConfig(
  shared,
  defineConfig({
    test: { include: ["test/unit/**/*.test.ts"], environment: "node", reporters: ["default", new SummaryReporter("unit")] },
  }),
);
