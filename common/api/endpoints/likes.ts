import { endpoint } from '../contract';
import type {
  autoLikeResponse,
  likeRequest,
  likeResponse,
  likesResponse,
  matchMomentResponse,
  matchMomentSeenRequest,
  matchMomentSeenResponse,
} from '../likes';

/** The logged-in member's likes, both ways. */
export const likesEndpoints = {
  list: endpoint<{ response: typeof likesResponse }>('GET', '/api/likes.php'),
  like: endpoint<{ body: typeof likeRequest; response: typeof likeResponse }>('POST', '/api/likes.php'),
  unlike: endpoint<{ body: typeof likeRequest; response: typeof likeResponse }>('DELETE', '/api/likes.php'),
  autoLike: endpoint<{ response: typeof autoLikeResponse }>('GET', '/api/auto-like.php'),
  matchMoment: endpoint<{ response: typeof matchMomentResponse }>('GET', '/api/match-moment.php'),
  matchMomentSeen: endpoint<{
    body: typeof matchMomentSeenRequest;
    response: typeof matchMomentSeenResponse;
  }>('POST', '/api/match-moment.php'),
};
