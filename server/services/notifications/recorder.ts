import { sql } from 'drizzle-orm';
import { NOTIFICATION_BATCH_WINDOW_MS } from '../../../common/constants';
import type { Db } from '../../db/client';

/** The kinds an event of the site records; the others come from the scheduled job or an operator. */
export type EventKind = 'new_conversations' | 'new_messages' | 'like';

/** Members named per batch (most recent first): enough for "Anna and 99 others", bounded. */
export const BATCH_ACTORS_CAP = 100;
/** Events wait this long in memory, so that a burst becomes one write. */
const FLUSH_DELAY_MS = 250;

type Pending = {
  memberId: number;
  kind: EventKind;
  events: number;
  /** Most recent first, no repeats. */
  actors: number[];
  firstAt: Date;
  lastAt: Date;
};

type Log = { error(obj: object, msg: string): void };

/** What gathered for one member and kind, handed to `onEvents` (the push of events). */
export type RecordedEvent = Pick<Pending, 'memberId' | 'kind' | 'actors'>;

/**
 * Records notification events after the commit of what caused them (a message, a like) into the
 * outbox table `notification_batches`. Sending a message is the hot path of the product, so events
 * are not written one by one: they gather in memory for a moment, coalesced per member and kind,
 * and go in one upsert that merges them into each member's open batch, on whichever instance the
 * other events of that batch came. A crash in that moment loses those events: a mail less, never a
 * message less (notifications are best effort; the unread-message reminder catches up).
 */
export class NotificationRecorder {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** The `onEvents` calls still running; they run beside the writes, not in their line. */
  private handling = new Set<Promise<void>>();

  private readonly delayMs: number;
  private readonly windowMs: number;
  /** Told of each gathered group as it is written (push goes out at once, mail after the window). */
  private readonly onEvents?: (events: RecordedEvent[]) => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    opts: {
      delayMs?: number;
      /** How long a batch gathers before its mail is due (NOTIFICATION_BATCH_SECONDS). */
      windowMs?: number;
      onEvents?: (events: RecordedEvent[]) => Promise<void>;
    } = {},
  ) {
    this.delayMs = opts.delayMs ?? FLUSH_DELAY_MS;
    this.windowMs = opts.windowMs ?? NOTIFICATION_BATCH_WINDOW_MS;
    this.onEvents = opts.onEvents;
  }

  record(memberId: number, kind: EventKind, actorId: number, at: Date): void {
    const key = `${memberId}:${kind}`;
    const p = this.pending.get(key);
    if (p) {
      p.events++;
      p.actors = [actorId, ...p.actors.filter((a) => a !== actorId)].slice(0, BATCH_ACTORS_CAP);
      if (at > p.lastAt) p.lastAt = at;
      if (at < p.firstAt) p.firstAt = at;
    } else this.pending.set(key, { memberId, kind, events: 1, actors: [actorId], firstAt: at, lastAt: at });
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  /**
   * Writes what gathered so far; resolves when it (and any write before it) is in the database and
   * `onEvents` has done with it.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.values()];
    this.pending.clear();
    // One write after the other, so that a later event never lands before an earlier one.
    this.writing = this.writing.then(() =>
      batch.length === 0
        ? undefined
        : write(this.db, batch, this.windowMs).catch((err) =>
            this.log.error({ err }, 'recording notifications failed'),
          ),
    );
    if (this.onEvents && batch.length > 0) {
      const handled = this.onEvents(batch).catch((err) =>
        this.log.error({ err }, 'handling notifications failed'),
      );
      this.handling.add(handled);
      void handled.finally(() => this.handling.delete(handled));
    }
    return Promise.all([this.writing, ...this.handling]).then(() => undefined);
  }
}

async function write(db: Db, batch: Pending[], windowMs: number): Promise<void> {
  const rows = JSON.stringify(
    batch.map((p) => ({
      member_id: p.memberId,
      kind: p.kind,
      events: p.events,
      actors: p.actors,
      first_at: p.firstAt.toISOString(),
      last_at: p.lastAt.toISOString(),
    })),
  );
  // The open batch keeps its due time (its first event's window); its members are merged with the
  // newest first, each once.
  await db.execute(sql`
    INSERT INTO notification_batches AS b
      (member_id, kind, event_count, actor_ids, first_event_at, last_event_at, due_at)
    SELECT x.member_id, x.kind::notification_kind, x.events,
      ARRAY(SELECT jsonb_array_elements_text(x.actors)::bigint), x.first_at, x.last_at,
      x.first_at + make_interval(secs => ${windowMs / 1000})
    FROM jsonb_to_recordset(${rows}::jsonb)
      AS x(member_id bigint, kind text, events int, actors jsonb, first_at timestamptz, last_at timestamptz)
    WHERE EXISTS (SELECT 1 FROM members m WHERE m.id = x.member_id)
    ON CONFLICT (member_id, kind) DO UPDATE SET
      event_count = b.event_count + excluded.event_count,
      actor_ids = ARRAY(
        SELECT a FROM unnest(excluded.actor_ids || b.actor_ids) WITH ORDINALITY AS u(a, o)
        GROUP BY a ORDER BY min(o) LIMIT ${BATCH_ACTORS_CAP}),
      last_event_at = greatest(b.last_event_at, excluded.last_event_at)`);
}
