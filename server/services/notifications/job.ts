import { countJob } from '../../infra/metrics';
import { hitRate } from '../../infra/rate-limit';
import type { Services } from '../bag';
import { DISPATCH_INTERVAL_MS, dispatchDueNotifications } from './dispatch';
import { sendUnreadReminders } from './reminders';
import { sweepUnsubscribeTokens } from './unsubscribe';
import { sendWeeklyUpdates } from './weekly';

/** How often an instance offers to run the scheduled notification job; one instance runs it per interval. */
export const NOTIFICATION_JOB_INTERVAL_MS = 15 * 60_000;
/** The first offer after a start, so a restart neither waits a whole interval nor slows the start. */
const FIRST_RUN_DELAY_MS = 60_000;

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The scheduled job: unread-message reminders, weekly updates, expired unsubscribe tokens. Every
 * instance calls it on a timer; the shared counter in the database lets the first caller of an
 * interval through (as the account purge does), and each mail is claimed per member besides, so
 * even two runs at once send nothing twice. Null when another instance has this interval.
 */
export async function notificationJobTick(services: Services, log: Log) {
  const now = services.now();
  // A little shorter than the interval: an instance whose timer fires a moment early still gets its turn.
  const lease = await hitRate(
    services.db,
    'notification-job',
    1,
    (NOTIFICATION_JOB_INTERVAL_MS * 0.9) / 1000,
    now,
  );
  if (!lease.allowed) return null;
  const reminders = await sendUnreadReminders(services, log);
  const weekly = await sendWeeklyUpdates(services, log);
  const tokens = await sweepUnsubscribeTokens(services.db, now);
  return { reminders, weekly, tokens };
}

/** A timer that runs `work` every `intervalMs` (first after `firstMs`), one run at a time. */
function every(intervalMs: number, firstMs: number, work: () => Promise<unknown>) {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = work().finally(() => {
      running = null;
    });
  };
  const first = setTimeout(tick, firstMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

/**
 * Starts the notification timers of an instance: the outbox worker (every instance works; each
 * batch goes to one) and the scheduled job. The returned stop waits for runs in progress, then
 * writes the events still gathering in memory.
 */
export function startNotifications(services: Services, log: Log) {
  // A short batch window is looked at as often as it lasts.
  const dispatchEvery = Math.min(DISPATCH_INTERVAL_MS, services.config.notificationBatchSeconds * 1000);
  const stopDispatch = every(dispatchEvery, dispatchEvery, () =>
    countJob('notification-mails', dispatchDueNotifications(services, log))
      .then((r) => {
        if (r.sent > 0) log.info(r, 'notification mails sent');
      })
      .catch((err) => log.error({ err }, 'sending notification mails failed')),
  );
  const stopJob = every(NOTIFICATION_JOB_INTERVAL_MS, FIRST_RUN_DELAY_MS, () =>
    countJob('notification-job', notificationJobTick(services, log))
      .then((r) => {
        if (r && (r.reminders > 0 || r.weekly > 0)) log.info(r, 'notification job done');
      })
      .catch((err) => log.error({ err }, 'the notification job failed')),
  );
  return async () => {
    await Promise.all([stopDispatch(), stopJob()]);
    await services.notifications.flush();
  };
}
