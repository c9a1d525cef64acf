import { and, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import {
  MEMBER_LEDGER_PAGE,
  MEMBER_RECORD_LIST_MAX,
  type MemberLedgerResponse,
  type MemberRecord,
} from '../../../../common/api/admin/members';
import { ageOn } from '../../../../common/rules/age';
import type { Db } from '../../../db/client';
import {
  auditLog,
  bans,
  creditLedger,
  interests,
  memberNotices,
  members,
  payments,
  photos,
  profileInterests,
  profiles,
  pushSubscriptions,
  regions,
  reports,
  sessions,
  sites,
  staff,
} from '../../../db/schema';
import { decodeIdCursor, encodeIdCursor, keysetPage } from '../../../infra/cursor';
import { ApiError } from '../../../plugins/errors';
import { presentAdminPayment, presentLedgerEntry, staffPhotoUrl } from '../../../presenters/console';

/** The history on a record: the latest staff actions on the member. */
const HISTORY_MAX = 20;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The member and their site, or 404: every console action on a member starts here. */
export async function memberOr404(db: Db, memberId: number) {
  const [row] = await db
    .select({ member: members, site: sites.domain })
    .from(members)
    .innerJoin(sites, eq(sites.id, members.siteId))
    .where(eq(members.id, memberId));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/**
 * A member's whole record for staff: account, profile, photos (premium too),
 * payments, reports against and by them, notices, sessions and the staff actions on them. Never
 * the password hash (the account is copied field by field) and never a chat message.
 */
export async function memberRecord(db: Db, memberId: number, now: Date): Promise<MemberRecord> {
  const { member: m, site } = await memberOr404(db, memberId);
  const [profileRow] = await db
    .select({ profile: profiles, regionName: regions.name })
    .from(profiles)
    .leftJoin(regions, and(eq(regions.country, profiles.country), eq(regions.code, profiles.regionCode)))
    .where(eq(profiles.memberId, memberId));
  const interestRows = await db
    .select({ slug: interests.slug })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(eq(profileInterests.memberId, memberId))
    .orderBy(interests.id);
  const photoRows = await db
    .select()
    .from(photos)
    .where(eq(photos.memberId, memberId))
    .orderBy(photos.position, photos.id);
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.memberId, memberId))
    .orderBy(desc(payments.createdAt))
    .limit(MEMBER_RECORD_LIST_MAX);

  const reporter = sql<
    string | null
  >`(select ${profiles.name} from ${profiles} where ${profiles.memberId} = ${reports.reporterId})`;
  const reportColumns = {
    id: reports.id,
    subject: reports.subject,
    reason: reports.reason,
    status: reports.status,
    action: reports.action,
    automatic: reports.automatic,
    createdAt: reports.createdAt,
    decidedAt: reports.decidedAt,
    reporterId: reports.reporterId,
    reporterName: reporter,
    reportedId: reports.reportedId,
    reportedName: reports.reportedName,
  };
  const against = await db
    .select(reportColumns)
    .from(reports)
    .where(eq(reports.reportedId, memberId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(MEMBER_RECORD_LIST_MAX);
  const by = await db
    .select(reportColumns)
    .from(reports)
    .where(eq(reports.reporterId, memberId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(MEMBER_RECORD_LIST_MAX);
  const [open] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reportedId, memberId), eq(reports.status, 'open')));

  const notices = await db
    .select()
    .from(memberNotices)
    .where(eq(memberNotices.memberId, memberId))
    .orderBy(desc(memberNotices.createdAt), desc(memberNotices.id))
    .limit(MEMBER_RECORD_LIST_MAX);
  const [sessionCount] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), gt(sessions.expiresAt, now)));
  const [pushCount] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId));
  const [ban] = await db
    .select({ id: bans.id })
    .from(bans)
    .where(
      or(
        eq(bans.memberId, memberId),
        and(eq(bans.kind, 'email'), eq(bans.value, m.email.toLowerCase())),
        m.lastIp ? and(eq(bans.kind, 'ip'), eq(bans.value, m.lastIp)) : undefined,
      ),
    )
    .limit(1);
  const history = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      staff: staff.name,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(
      or(
        and(eq(auditLog.targetType, 'member'), eq(auditLog.targetId, String(memberId))),
        paymentRows.length
          ? and(
              eq(auditLog.targetType, 'payment'),
              inArray(
                auditLog.targetId,
                paymentRows.map((p) => p.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(HISTORY_MAX);

  const p = profileRow?.profile;
  type ReportRow = (typeof against)[number];
  const summary = (r: ReportRow, direction: 'against' | 'by') => ({
    id: r.id,
    subject: r.subject,
    reason: r.reason,
    status: r.status,
    action: r.action,
    automatic: r.automatic,
    created_at: r.createdAt.toISOString(),
    decided_at: iso(r.decidedAt),
    other:
      direction === 'against'
        ? { id: r.reporterId, name: r.reporterName }
        : { id: r.reportedId, name: r.reportedName },
  });

  return {
    account: {
      id: m.id,
      site_id: m.siteId,
      site,
      email: m.email,
      status: m.status,
      suspended_until: iso(m.suspendedUntil),
      banned: Boolean(ban),
      credits: m.credits,
      paid: m.paidUser,
      language: m.language,
      signup_date: m.signupDate.toISOString(),
      tracking: m.tracking,
      last_active: m.lastActiveAt.toISOString(),
      email_confirmed_at: iso(m.emailConfirmedAt),
      invisible: m.invisible,
      hidden_by_reports: m.hiddenByReports,
      deleted_at: iso(m.deletedAt),
      deletion_reason: m.deletionReason,
    },
    profile: p
      ? {
          name: p.name,
          gender: p.gender,
          sexuality: p.sexuality,
          birth_date: p.birthDate,
          age: ageOn(p.birthDate, now),
          relationship_status: p.relationshipStatus,
          hair_colour: p.hairColour,
          eye_colour: p.eyeColour,
          body_type: p.bodyType,
          tattoos: p.tattoos,
          reason: p.reason,
          about: p.about,
          country: p.country,
          region_code: p.regionCode,
          region_name: profileRow?.regionName ?? null,
          status: p.status,
          seeking_gender: p.seekingGender,
          seeking_min_age: p.seekingMinAge,
          seeking_max_age: p.seekingMaxAge,
          interests: interestRows.map((i) => i.slug),
          fictional: p.fictional,
        }
      : null,
    photos: photoRows.map((ph) => ({
      id: ph.id,
      thumb_url: staffPhotoUrl(ph.id),
      url: staffPhotoUrl(ph.id, 'full'),
      premium: ph.premium,
      main: p?.mainPhotoId === ph.id,
      status: ph.status,
      created_at: ph.createdAt.toISOString(),
      reviewed_at: iso(ph.reviewedAt),
      rejection_reason: ph.rejectionReason,
    })),
    payments: paymentRows.map(presentAdminPayment),
    reports: {
      against: against.map((r) => summary(r, 'against')),
      by: by.map((r) => summary(r, 'by')),
      against_open: open?.n ?? 0,
    },
    notices: notices.map((n) => ({
      id: n.id,
      kind: n.kind,
      action: n.action,
      reason: n.reason,
      note: n.note,
      until: iso(n.until),
      report_id: n.reportId,
      created_at: n.createdAt.toISOString(),
      read_at: iso(n.readAt),
    })),
    sessions: { active: sessionCount?.n ?? 0, push_subscriptions: pushCount?.n ?? 0 },
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      staff: h.staff,
      reason: h.reason,
      created_at: h.createdAt.toISOString(),
    })),
  };
}

/** A page of the member's credits ledger, newest first (keyset on the ledger's id). */
export async function memberLedger(db: Db, memberId: number, cursor?: string): Promise<MemberLedgerResponse> {
  await memberOr404(db, memberId);
  const after = decodeIdCursor(cursor);
  const rows = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.memberId, memberId), after === null ? undefined : lt(creditLedger.id, after)))
    .orderBy(desc(creditLedger.id))
    .limit(MEMBER_LEDGER_PAGE + 1);
  const { page, nextCursor } = keysetPage(rows, MEMBER_LEDGER_PAGE, (last) => encodeIdCursor(last.id));
  return { entries: page.map(presentLedgerEntry), next_cursor: nextCursor };
}

/** The storage key of a member's photo for staff (any photo, premium or not), or 404. */
export async function staffPhotoKey(db: Db, photoId: number, size: 'thumb' | 'full'): Promise<string> {
  const [row] = await db
    .select({ thumb: photos.thumbKey, original: photos.originalKey })
    .from(photos)
    .where(eq(photos.id, photoId));
  if (!row) throw new ApiError(404, 'not_found');
  return size === 'thumb' ? row.thumb : row.original;
}
