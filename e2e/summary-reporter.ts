import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints one plain `e2e: N passed, N failed` line that the CI log reader recognises. */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'passed') this.passed += 1;
    else if (result.status === 'skipped') this.skipped += 1;
    else this.failed += 1;
  }

  onEnd(result: FullResult): void {
    const failed = this.failed + (result.status !== 'passed' && this.failed === 0 ? 1 : 0);
    const extra = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
    process.stdout.write(`e2e: ${this.passed} passed, ${failed} failed${extra}\n`);
  }
}
