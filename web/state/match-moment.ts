import { useSyncExternalStore } from 'react';
import { likesEndpoints } from '../../common/api/endpoints/likes';
import type { ProfileCard } from '../../common/api/profile';
import { call } from '../api/client';

/**
 * The match moments waiting to be shown in this tab, first first. One comes from the answer of the
 * like that made the match (already seen on the server), others from GET /api/match-moment.php:
 * on arrival, when a `like` event says it is a match, and after a reconnect. A member shown once
 * in this tab is never queued again, so two ways of hearing of one match show it once.
 */
type Moment = {
  profile: ProfileCard /** Tell the server once shown (it is not seen there yet). */;
  markSeen: boolean;
};

let queue: Moment[] = [];
const shown = new Set<number>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export function showMatchMoment(profile: ProfileCard, markSeen = false) {
  if (shown.has(profile.id) || queue.some((m) => m.profile.id === profile.id)) return;
  queue = [...queue, { profile, markSeen }];
  notify();
}

/** Asks the server for a match moment the member has not seen; a failure waits for the next chance. */
export async function checkMatchMoment(): Promise<void> {
  const answer = await call(likesEndpoints.matchMoment).catch(() => null);
  if (answer?.profile) showMatchMoment(answer.profile, true);
}

/** The moment on screen is done (shown and closed): the next one, if any, follows. */
export function matchMomentDone(memberId: number) {
  shown.add(memberId);
  queue = queue.filter((m) => m.profile.id !== memberId);
  notify();
  // Another match may have waited behind this one.
  void checkMatchMoment();
}

/** Marks the moment seen on the server as it is shown: it never shows again, on any device. */
export function markMatchMomentSeen(moment: Moment) {
  shown.add(moment.profile.id);
  if (moment.markSeen)
    void call(likesEndpoints.matchMomentSeen, { body: { member_id: moment.profile.id } }).catch(
      () => undefined,
    );
}

/** Another member (a logout, a new login in this tab): nothing of the last one's matches stays. */
export function forgetMatchMoments() {
  queue = [];
  shown.clear();
  notify();
}

/** The match moment to show now, or null. */
export function useMatchMoment(): Moment | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => queue[0] ?? null,
    () => null,
  );
}
