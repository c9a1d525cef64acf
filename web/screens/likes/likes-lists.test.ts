import { describe, expect, test } from 'vitest';
import type { LikesResponse } from '../../../common/api/likes';
import type { ProfileCard } from '../../../common/api/profile';
import { likeCards, tabCounts } from './likes-lists';

const card = (id: number): ProfileCard => ({
  id,
  name: `m${id}`,
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  status: 'active',
  premium: false,
  online: false,
  fictional: false,
  main_image: null,
});

const data: LikesResponse = {
  profiles: [1, 2, 3, 4].map(card),
  liked_by: [
    { id: 1, like_new: true },
    { id: 2, like_new: false },
    { id: 3, like_new: false },
  ],
  likes: [4, 3],
};

describe('the cards of each likes tab', () => {
  test('received keeps the server order and marks only unseen likes new', () => {
    expect(likeCards(data, 'received').map((c) => [c.profile.id, c.isNew, c.match])).toEqual([
      [1, true, false],
      [2, false, false],
      [3, false, true],
    ]);
  });
  test('given and matches (ids in both lists); never a "new" mark outside received', () => {
    expect(likeCards(data, 'given').map((c) => [c.profile.id, c.isNew])).toEqual([
      [4, false],
      [3, false],
    ]);
    expect(likeCards(data, 'matches').map((c) => c.profile.id)).toEqual([3]);
    expect(tabCounts(data)).toEqual({ received: 3, given: 2, matches: 1 });
  });
});
