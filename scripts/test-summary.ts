// Adds up every runner's results in .tmp/test-results and prints one closing line,
// "N passed, N failed", as CI reads it. Exits non-zero when anything failed or nothing ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../.tmp/test-results');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function countsOf(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky passed on retry (we allow none).
    return {
      passed: report.stats.expected,
      failed: report.stats.unexpected + report.stats.flaky,
      skipped: report.stats.skipped,
    };
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function printSummary() {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const files = existsSync(RESULTS_DIR) ? readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.json')) : [];
  for (const file of files.sort()) {
    const counts = countsOf(path.join(RESULTS_DIR, file));
    console.log(
      `${path.basename(file, '.json')}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    );
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  if (total.failed > 0 || total.passed === 0) process.exitCode = 1;
}

if (import.meta.main) printSummary();
