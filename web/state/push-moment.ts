import { useEffect } from 'react';
import type { LikesResponse } from '../../common/api/likes';
import { useUnreadTotal } from '../api/chats-unread';
import { useLikes } from '../api/likes';
import { useUser } from '../api/user';
import { safeStorage } from './storage';

/** What makes asking for push make sense: a match, or a message from another member. */
export type PushMoment = 'match' | 'message';

/** A match: a member who likes the viewer and whom the viewer likes. */
export function hasMatch(likes: LikesResponse): boolean {
  const mine = new Set(likes.likes);
  return likes.liked_by.some((l) => mine.has(l.id));
}

const key = (memberId: number) => `push-moment:${memberId}`;
const stored = (v: string | null): PushMoment | null => (v === 'match' || v === 'message' ? v : null);

/**
 * Push is asked for once it explains itself, never on arrival: after the member's first match or
 * the first message they receive (then on later screens too, until they turn it on or close the
 * offer); any time from the settings. Remembered per member in this browser, so reading the
 * message does not take the reason away.
 */
export function usePushMoment(): PushMoment | null {
  const { data: user } = useUser();
  const memberId = user?.profile.id ?? null;
  const { data: likes } = useLikes(memberId !== null);
  const unread = useUnreadTotal(memberId !== null);
  const now: PushMoment | null = likes && hasMatch(likes) ? 'match' : unread > 0 ? 'message' : null;
  const before = memberId === null ? null : stored(safeStorage.get(key(memberId)));
  useEffect(() => {
    if (memberId !== null && now && !before) safeStorage.set(key(memberId), now);
  }, [memberId, now, before]);
  return memberId === null ? null : (now ?? before);
}
