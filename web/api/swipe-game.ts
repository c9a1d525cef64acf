import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { swipeGameEndpoints } from '../../common/api/endpoints/swipe-game';
import { showMatchMoment } from '../state/match-moment';
import { call } from './client';
import { likesKey } from './likes';

export const swipeStackKey = ['swipe-game'] as const;

/** GET /api/swipe-game.php: the next cards and the day's likes. The screen keeps its own queue. */
export function useSwipeStack(loggedIn: boolean) {
  return useQuery({
    // Only for a member: a visitor goes to the login without a call that could only fail.
    enabled: loggedIn,
    queryKey: swipeStackKey,
    queryFn: () => call(swipeGameEndpoints.stack),
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/swipe-game.php: a like or a pass; a like shows up in the likes list, a new match's moment at once. */
export function useSwipe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, liked }: { memberId: number; liked: boolean }) =>
      call(swipeGameEndpoints.swipe, { body: { member_id: memberId, liked } }),
    onSuccess: (data) => {
      if (data.match_moment) showMatchMoment(data.match_moment);
      if (data.swipe.liked) void client.invalidateQueries({ queryKey: likesKey });
    },
  });
}
