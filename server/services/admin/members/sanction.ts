import { eq } from 'drizzle-orm';
import type { MemberSanction } from '../../../../common/api/admin/members';
import type { ReportReason } from '../../../../common/api/reports';
import { members } from '../../../db/schema';
import type { Services } from '../../bag';
import { banMember, liftSuspension, suspendMember } from '../../safety/moderation/sanctions';
import type { StaffAct } from './actions';
import { memberOr404 } from './record';

type Log = Parameters<typeof suspendMember>[2];

/**
 * Suspend, ban or lift from the members screen (moderator): the moderation part's sanctions do
 * the work (status, bans, sessions, the statement of reasons, the audit row, sockets and mail).
 */
export async function sanctionMember(
  services: Services,
  log: Log,
  act: StaffAct & { memberId: number; action: MemberSanction; days?: number; ground?: ReportReason },
) {
  await memberOr404(services.db, act.memberId);
  const input = {
    staffId: act.staffId,
    memberId: act.memberId,
    reason: act.reason,
    code: act.ground ?? null,
  };
  if (act.action === 'suspend') await suspendMember(services, { ...input, days: act.days ?? 1 }, log);
  else if (act.action === 'ban') await banMember(services, input, log);
  else await liftSuspension(services, input);
  const [row] = await services.db
    .select({ status: members.status, until: members.suspendedUntil })
    .from(members)
    .where(eq(members.id, act.memberId));
  return { status: row?.status ?? 'deleted', suspended_until: row?.until?.toISOString() ?? null };
}
