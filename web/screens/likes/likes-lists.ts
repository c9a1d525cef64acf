import type { LikesResponse } from '../../../common/api/likes';
import type { ProfileCard } from '../../../common/api/profile';
import type { LikeType } from '../../../common/constants';

export type LikeCard = { profile: ProfileCard; isNew: boolean; match: boolean };

/**
 * The cards of one tab, in the server's order: received likes new first then newest, given likes
 * newest first, matches (ids in both lists) in the order of the received likes.
 */
export function likeCards(data: LikesResponse, type: LikeType): LikeCard[] {
  const byId = new Map(data.profiles.map((p) => [p.id, p]));
  const given = new Set(data.likes);
  const received = new Map(data.liked_by.map((l) => [l.id, l.like_new]));
  const ids =
    type === 'received'
      ? data.liked_by.map((l) => l.id)
      : type === 'given'
        ? data.likes
        : data.liked_by.map((l) => l.id).filter((id) => given.has(id));
  return ids.flatMap((id) => {
    const profile = byId.get(id);
    if (!profile) return [];
    return [
      {
        profile,
        isNew: type === 'received' && received.get(id) === true,
        match: given.has(id) && received.has(id),
      },
    ];
  });
}

export function tabCounts(data: LikesResponse): Record<LikeType, number> {
  const given = new Set(data.likes);
  return {
    received: data.liked_by.length,
    given: data.likes.length,
    matches: data.liked_by.filter((l) => given.has(l.id)).length,
  };
}
