/**
 * Test only: the fault test's instance that dies between the commit of a message and its events.
 * With NODE_ENV=test and TEST_KILL_AFTER_COMMITS=n, the process kills itself (SIGKILL, as `kill -9`)
 * right after the commit of its n-th new message, before anything is published or recorded.
 * Outside tests, or without the variable, it does nothing.
 */
const killAfter =
  process.env.NODE_ENV === 'test'
    ? Number.parseInt(process.env.TEST_KILL_AFTER_COMMITS ?? '', 10)
    : Number.NaN;
let commits = 0;

export function afterCommitForTests(): void {
  if (!(killAfter > 0)) return;
  commits++;
  if (commits >= killAfter) process.kill(process.pid, 'SIGKILL');
}
