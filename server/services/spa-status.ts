import { and, eq, isNotNull } from 'drizzle-orm';
import type { Niche } from '../../common/constants';
import { readAddress } from '../../common/rules/pages';
import type { Db } from '../db/client';
import { members } from '../db/schema';

export type PageStatus = 200 | 404 | 410;

/**
 * The HTTP status of an app page, so that crawlers, link checkers and the ad networks' reports see
 * what the visitor sees: 404 where the app shows its 404 page (an address of no page, a member who
 * is not there for this viewer), 410 where that member deleted their account. The member's page
 * asks the API exactly as the screen does (`memberAnswer`: the status of /api/member.php for this
 * request), so the two cannot disagree. A member landing sends a signed-in member on to the
 * member's chat or profile: a page either way.
 */
export async function pageStatus(
  db: Db,
  input: {
    siteId: number;
    siteNiche: Niche;
    pathname: string;
    signedIn: boolean;
    memberAnswer: (memberId: number) => Promise<number>;
  },
): Promise<PageStatus> {
  const address = readAddress(input.pathname, input.siteNiche);
  if (address.page === 'none') return 404;
  if (address.page === 'shown') return 200;
  if (address.page === 'member-landing' && input.signedIn) return 200;
  if ((await input.memberAnswer(address.member)) !== 404) return 200;
  return (await deletedMember(db, input.siteId, address.member)) ? 410 : 404;
}

/** A member of the site who deleted their account (kept until it is erased for good). */
async function deletedMember(db: Db, siteId: number, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.siteId, siteId), isNotNull(members.deletedAt)));
  return row !== undefined;
}
