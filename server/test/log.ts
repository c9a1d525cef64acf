import { Writable } from 'node:stream';
import { createLogger, type LogOptions } from '../infra/log';

/** The server's logger writing into an array instead of stdout: its lines, and each parsed. */
export function capturedLogger(options: LogOptions = { level: 'info' }) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const log = createLogger(options, stream);
  return { log, lines, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}
