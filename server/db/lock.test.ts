import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { tempDataDir } from '../test/db';
import { DataDirLockedError, lockDataDir } from './lock';

let remove: (() => void) | undefined;
afterEach(() => remove?.());

function folder() {
  const dir = tempDataDir();
  remove = dir.remove;
  return dir.dataDir;
}

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(result.stdout.toString());
}

test('a folder locked by a live process refuses a second owner, naming the folder and the owner', () => {
  const dir = folder();
  // The parent of this test process is alive and is not us.
  fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
  let error: unknown;
  try {
    lockDataDir(dir);
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(DataDirLockedError);
  expect((error as Error).message).toContain(dir);
  expect((error as Error).message).toContain(String(process.ppid));
  expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.ppid));
});

test.each([
  ['a dead process', () => String(deadPid())],
  ['an empty file', () => ''],
  ['garbage', () => 'not a pid'],
])('a lock left by %s is taken over', (_, content) => {
  const dir = folder();
  fs.writeFileSync(path.join(dir, 'server.lock'), content());
  const release = lockDataDir(dir);
  expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
});

test('release removes only its own lock, once', () => {
  const dir = folder();
  const release = lockDataDir(dir);
  // Someone else took the folder after a crash of ours was assumed: their lock must survive our release.
  fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
  release();
  expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.ppid));
});

test('creates a missing data folder', () => {
  const dir = path.join(folder(), 'nested', 'data');
  const release = lockDataDir(dir);
  expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(true);
  release();
});
