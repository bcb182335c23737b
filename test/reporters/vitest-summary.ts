import type { Reporter, TestModule } from 'vitest/node';

/** Prints one plain `unit: N passed, N failed` line that the CI log reader recognises. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const mod of testModules) {
      // A file that fails to load has no tests but must still count as a failure.
      if (mod.errors().length > 0) failed += 1;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const extra = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`unit: ${passed} passed, ${failed} failed${extra}\n`);
  }
}
