import { presentUser } from '../../presenters/user';
import type { Services } from '../bag';
import { memberWithCard } from '../discovery/members';
import { unreadNotices } from '../safety/reports/mine';

/** The member as GET /api/user.php shows them, or null when the account is gone. */
export async function userOf(services: Services, memberId: number) {
  const [found, unread] = await Promise.all([
    memberWithCard(services.db, memberId),
    unreadNotices(services.db, memberId),
  ]);
  return found ? presentUser(found.member, found.card, services.now(), unread) : null;
}
