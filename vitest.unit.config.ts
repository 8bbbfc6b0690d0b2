import { defineConfig, mergeConfig } from "vitest/config";
import SummaryReporter from "./test/support/summary-reporter";
import { shared } from "./vitest.shared";

export default mergeConfig(
  shared,
  defineConfig({
    test: { include: ["test/unit/**/*.test.ts"], environment: "node", reporters: ["default", new SummaryReporter("unit")] },
  }),
);
