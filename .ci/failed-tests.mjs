// Names the failed tests of a run, so that the end of CI's output (often all a reader gets) says
// which ones failed and not only how many. Reads Playwright's JSON report or Vitest's.
import { existsSync, readFileSync } from 'node:fs';

const [kind, file] = process.argv.slice(2);
if (!file || !existsSync(file)) process.exit(0);
const report = JSON.parse(readFileSync(file, 'utf8'));
const failed = [];

if (kind === 'playwright') {
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        const why = last?.error?.message?.split('\n').find((line) => line.trim()) ?? '';
        failed.push(`${[...here, spec.title].join(' › ')} [${test.projectName}] ${why.slice(0, 200)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
} else {
  for (const fileResult of report.testResults ?? []) {
    for (const test of fileResult.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
      failed.push(`${fileResult.name.replace(process.cwd(), '.')} › ${test.fullName} ${why}`);
    }
  }
}

for (const line of failed) console.log(`FAILED ${line}`);
