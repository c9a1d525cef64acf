import { type ChildProcess, spawn } from 'node:child_process';
import { root, testSitesFile } from './db';

export type Child = {
  process: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output: () => string;
  /** Resolves with the first match of `pattern` in the output; rejects when the process exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
};

/** Runs a TypeScript entry point of this repository in its own Node process, as `npm start` would. */
export function runTs(entry: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve(code ?? signal ?? -1);
      for (const l of listeners) l();
    });
  });
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(
        () => done(new Error(`timed out waiting for ${pattern}; output:\n${output}`)),
        timeoutMs,
      );
      const check = () => {
        const m = output.match(pattern);
        if (m) return done(null, m);
        if (child.exitCode !== null || child.signalCode !== null)
          done(new Error(`process ended before ${pattern}; output:\n${output}`));
      };
      function done(err: Error | null, m?: RegExpMatchArray) {
        clearTimeout(timer);
        listeners.delete(check);
        if (err) reject(err);
        else resolve(m as RegExpMatchArray);
      }
      listeners.add(check);
      check();
    });
  return { process: child, output: () => output, waitFor, exited };
}

/** The environment the real server runs with in tests: a free port of 127.0.0.1, the test sites file. */
export const serverEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  SITES_FILE: testSitesFile,
  SEED_MEMBERS: '0',
  LOG_LEVEL: 'warn',
});

/** Starts the real server (server/main.ts) and waits until it listens. */
export async function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const child = runTs('server/main.ts', [], { ...serverEnv(dataDir), ...env });
  try {
    const [, port] = await child.waitFor(/http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/, 60_000);
    return { ...child, url: `http://127.0.0.1:${port}` };
  } catch (err) {
    stop(child);
    throw err;
  }
}

/** Ends a child that a failed test left running. */
export function stop(child: Child | undefined) {
  if (child && child.process.exitCode === null && child.process.signalCode === null)
    child.process.kill('SIGKILL');
}
