import type { Db } from '../../db/client';
import { type Compiled, compile, isEmbedded, runCompiled } from '../../infra/prepared';
import { SEND_COLUMNS, type SendRow, sendPlaceholders, sendStatement } from './send-statement';

/**
 * Group commit for the hot path of chat: texts, gifts and photos in a chat that exists. Sends that
 * arrive while an earlier batch is being written wait and are then written together, in ONE
 * statement (send-statement.ts) and so one commit: the database's cost per statement (planning,
 * executor start, on PostgreSQL the WAL flush, on PGlite a turn of the engine on the Node thread) is
 * paid once per batch, not per message. At low load a batch is one send and nothing waits.
 *
 * A batch holds at most one send per sender, and a sender's next send waits until the batch with the
 * previous one is written: each member's messages are saved, charged and numbered in the order they
 * came. Should a batch fail as a whole (two sends with one client id at once break the unique index;
 * two batches on PostgreSQL may deadlock over the sides of a chat), its sends are written again one
 * by one, each getting its own answer or error.
 */

type Row = Record<string, unknown>;
type Pending = { send: SendRow; resolve: (row: Row) => void; reject: (err: unknown) => void };

/** Sends per statement: enough to absorb a burst, small enough that one batch stays short. */
const MAX_BATCH = 128;
/** Batches in flight at once on PostgreSQL, so commits overlap (PGlite has one engine: one). */
const POSTGRES_CONCURRENT_BATCHES = 4;

let compiled: Compiled | undefined;

async function write(db: Db, sends: SendRow[]): Promise<Row[]> {
  compiled ??= compile(sendStatement(sendPlaceholders));
  const values: Record<string, unknown[]> = {};
  for (const [name] of SEND_COLUMNS) values[name] = sends.map((s) => s[name]);
  const rows = await runCompiled(db, compiled, values);
  if (rows.length !== sends.length) throw new Error('a send batch answered a different number of rows');
  return rows;
}

export class SendBatcher {
  private queue: Pending[] = [];
  /** Senders with a send in a batch being written. */
  private readonly writing = new Set<number>();
  private running = 0;
  private scheduled = false;
  /** Batches formed and the sends in them, since the start (fallback rewrites not counted). */
  readonly stats = { batches: 0, sends: 0 };

  constructor(
    private readonly db: Db,
    private readonly concurrency: number,
  ) {}

  /** Writes one send (in a batch with whatever else is waiting); resolves with its row. */
  send(send: SendRow): Promise<Row> {
    return new Promise((resolve, reject) => {
      this.queue.push({ send, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Starts the next batches after the frames and requests already read have been queued: PGlite runs
   * on this thread, so a batch started at once would hold the event loop while the rest of the
   * frames that arrived together wait unread, and every batch would be one send.
   */
  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      for (const pending of this.queue) {
        const { sender } = pending.send;
        if (batch.length < MAX_BATCH && !this.writing.has(sender)) {
          this.writing.add(sender);
          batch.push(pending);
        } else rest.push(pending);
      }
      this.queue = rest;
      if (batch.length === 0) return;
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        for (const pending of batch) this.writing.delete(pending.send.sender);
        this.schedule();
      });
    }
  }

  private async run(batch: Pending[]) {
    this.stats.batches++;
    this.stats.sends += batch.length;
    try {
      const rows = await write(
        this.db,
        batch.map((p) => p.send),
      );
      for (const [i, pending] of batch.entries()) pending.resolve(rows[i] as Row);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // One bad send must not fail the others: each is written again alone, in order.
      for (const pending of batch) {
        try {
          const [row] = await write(this.db, [pending.send]);
          pending.resolve(row as Row);
        } catch (alone) {
          pending.reject(alone);
        }
      }
    }
  }
}

/** The batcher of a database: one per app (buildApp), so its batches gather every send of the process. */
export function createSendBatcher(db: Db): SendBatcher {
  return new SendBatcher(db, isEmbedded(db) ? 1 : POSTGRES_CONCURRENT_BATCHES);
}
