import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends each vitest run with one plain line, `<suite>: N passed, N failed[, N skipped]`,
 * the closing line CI reads to know tests ran (vitest's own summary is not one it reads).
 */
export default class SummaryReporter implements Reporter {
  constructor(private readonly suite = process.env.TEST_SUITE ?? "tests") {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (mod.state() === "failed" && [...mod.children.allTests()].length === 0) failed++;
    }
    process.stdout.write(`\n${this.suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
