import fs from 'node:fs';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the data folders of earlier runs. The web server stops only after the global teardown,
 * so a run cannot remove its own folder; the next run does, unless a live server still holds it.
 */
export default function globalSetup() {
  const tmp = path.resolve('.tmp');
  if (!fs.existsSync(tmp)) return;
  const current = path.resolve(process.env.E2E_DATA_DIR ?? '');
  for (const name of fs.readdirSync(tmp)) {
    const dir = path.join(tmp, name);
    if (!name.startsWith('e2e-data-') || dir === current) continue;
    const lock = path.join(dir, 'server.lock');
    const pid = fs.existsSync(lock) ? Number.parseInt(fs.readFileSync(lock, 'utf8'), 10) : 0;
    if (pid > 0 && alive(pid)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
