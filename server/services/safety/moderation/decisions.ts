import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { reportDecisionRequest } from '../../../../common/api/admin/moderation';
import type { PhotoRejectionReason, ReportReason } from '../../../../common/api/reports';
import { memberNotices, reports } from '../../../db/schema';
import { translate } from '../../../i18n';
import { ApiError } from '../../../plugins/errors';
import { audit } from '../../admin/audit';
import type { Services } from '../../bag';
import { sendReportDecisionMail, sendStatementMail } from '../notice-mail';
import { refreshHiddenByReports } from '../reports/hidden';
import { type AfterCommit, runAfterCommit } from './after-commit';
import { copyToHiddenKeys, type HiddenFiles, photoRow, rejectPhotoTx, removeOldFiles } from './photos';
import { banTx, closeSockets, lockMember, statementNotice, suspendTx } from './sanctions';

export type ReportDecision = z.infer<typeof reportDecisionRequest>;
type Log = Parameters<typeof runAfterCommit>[1];

/** The rule a photo hidden on a report broke, as the photo row records it. */
const PHOTO_REASON_OF: Record<ReportReason, PhotoRejectionReason> = {
  fake_or_scam: 'not_you',
  under_18: 'minor',
  harassment: 'other',
  non_consensual: 'explicit',
  spam: 'contact_details',
  other: 'other',
};

const invalid = (field: string, locale: Parameters<typeof translate>[0] = 'en', key = 'validation.invalid') =>
  new ApiError(400, 'invalid_input', { fields: { [field]: translate(locale, key) } });

/**
 * Decides a report (and, when asked, the member's other open reports with it) in one transaction:
 * the reports' status (`upheld` for an action, `dismissed` for dismiss) and decision, the member's
 * state (a rejected photo, a suspension, a ban with its `bans` rows, every session ended), the
 * statement of reasons to the member and the decision notice to each reporter, an audit row per
 * change, and the member's hidden-by-reports flag. After the commit: the mails in each recipient's
 * language and the member's sockets closed. A report already decided is 409 `report_handled` and
 * nothing changes.
 */
export async function decideReport(
  services: Services,
  staffId: number,
  input: ReportDecision,
  log?: Log,
): Promise<number[]> {
  const { db } = services;
  const now = services.now();
  const ids = [input.report_id, ...(input.also_report_ids ?? []).filter((id) => id !== input.report_id)];
  const unique = [...new Set(ids)];

  // Checked first without locks, so that the files of a hidden photo are not copied for nothing…
  const found = await db.select().from(reports).where(inArray(reports.id, unique));
  const main = found.find((r) => r.id === input.report_id);
  if (!main || found.length !== unique.length) throw new ApiError(404, 'not_found');
  if (found.some((r) => r.status !== 'open')) throw new ApiError(409, 'report_handled');
  if (found.some((r) => r.reportedId !== main.reportedId)) throw invalid('also_report_ids');
  const memberId = main.reportedId;
  // Only a dismissal is possible once the reported account is gone.
  if (input.action !== 'dismiss' && memberId === null) throw new ApiError(404, 'not_found');

  let hidden: HiddenFiles | null = null;
  if (input.action === 'hide_photo') {
    const photoId = input.photo_id ?? main.photoId;
    if (photoId == null) throw invalid('photo_id', 'en', 'validation.required');
    const photo = await photoRow(db, photoId);
    if (!photo || photo.memberId !== memberId) throw new ApiError(404, 'not_found');
    if (photo.status === 'rejected') throw new ApiError(409, 'photo_reviewed');
    hidden = await copyToHiddenKeys(services, photo);
  }

  const upheld = input.action !== 'dismiss';
  let until: Date | null = null;
  let statementAction: 'warn' | 'hide_photo' | 'suspend' | 'ban' | null = null;
  let reporters: { id: number; reportId: number; reason: ReportReason; createdAt: Date; name: string }[] = [];
  try {
    await db.transaction(async (tx) => {
      // …and again under locks: two moderators deciding the same report at once, one wins.
      const locked = await tx
        .select({ id: reports.id, status: reports.status })
        .from(reports)
        .where(inArray(reports.id, unique))
        .for('update');
      if (locked.length !== unique.length) throw new ApiError(404, 'not_found');
      if (locked.some((r) => r.status !== 'open')) throw new ApiError(409, 'report_handled');

      const reason = input.reason;
      if (memberId !== null && upheld) {
        const member = await lockMember(tx, memberId);
        const base = {
          staffId,
          targetType: 'member' as const,
          targetId: member.id,
          siteId: member.siteId,
          reason,
        };
        const reportIds = { report_ids: unique };
        if (input.action === 'warn') {
          statementAction = 'warn';
          await audit(tx, { ...base, action: 'member.warn', details: reportIds });
        } else if (input.action === 'hide_photo' && hidden) {
          statementAction = 'hide_photo';
          const photoReason = PHOTO_REASON_OF[main.reason];
          if (!(await rejectPhotoTx(tx, hidden, { reason: photoReason, now })))
            throw new ApiError(409, 'photo_reviewed');
          await audit(tx, {
            ...base,
            action: 'photo.reject',
            targetType: 'photo',
            targetId: hidden.photo.id,
            details: { ...reportIds, member_id: member.id, rejection_reason: photoReason },
          });
        } else if (input.action === 'suspend') {
          until = await suspendTx(tx, member, input.days, now);
          // A ban already in force stands, and the member is told so.
          statementAction = until ? 'suspend' : 'ban';
          await audit(tx, {
            ...base,
            action: 'member.suspend',
            details: { ...reportIds, days: input.days, until: until?.toISOString() ?? null },
          });
        } else if (input.action === 'ban') {
          statementAction = 'ban';
          const banned = await banTx(tx, member, { staffId, reason });
          await audit(tx, { ...base, action: 'member.ban', details: { ...reportIds, banned } });
        }
        if (statementAction)
          await statementNotice(tx, {
            memberId: member.id,
            reportId: main.id,
            action: statementAction,
            reason: main.reason,
            text: reason,
            until,
            now,
          });
      }

      await tx
        .update(reports)
        .set({
          status: upheld ? 'upheld' : 'dismissed',
          action: input.action,
          decisionReason: reason,
          decidedBy: staffId,
          decidedAt: now,
        })
        .where(inArray(reports.id, unique));
      for (const r of found) {
        await audit(tx, {
          staffId,
          action: `report.${input.action}`,
          targetType: 'report',
          targetId: r.id,
          siteId: r.siteId,
          reason,
          details: { member_id: memberId, together_with: r.id === main.id ? unique.slice(1) : [main.id] },
        });
        if (r.reporterId !== null)
          await tx.insert(memberNotices).values({
            memberId: r.reporterId,
            kind: 'report_decision',
            reportId: r.id,
            action: input.action,
            reason: r.reason,
            createdAt: now,
          });
      }
      if (memberId !== null) await refreshHiddenByReports(tx, memberId);
    });
  } catch (err) {
    await hidden?.discard();
    throw err;
  }

  reporters = found
    .filter((r) => r.reporterId !== null)
    .map((r) => ({
      id: r.reporterId as number,
      reportId: r.id,
      reason: r.reason,
      createdAt: r.createdAt,
      name: r.reportedName,
    }));
  const after: AfterCommit = [];
  const photo = hidden?.photo;
  if (photo) after.push(() => removeOldFiles(services, photo));
  if (memberId !== null && (input.action === 'suspend' || input.action === 'ban'))
    after.push(async () => closeSockets(services, memberId));
  const told = statementAction as 'warn' | 'hide_photo' | 'suspend' | 'ban' | null;
  if (memberId !== null && told) {
    const text = input.reason;
    after.push(() =>
      sendStatementMail(services, memberId, { action: told, reason: main.reason, text, until }),
    );
  }
  // One mail per reporter, however many of their reports this settled (each has its notice).
  const mailed = new Set<number>();
  for (const r of reporters) {
    if (mailed.has(r.id)) continue;
    mailed.add(r.id);
    after.push(() =>
      sendReportDecisionMail(services, r.id, {
        upheld,
        reportedName: r.name,
        reason: r.reason,
        reportedAt: r.createdAt,
      }),
    );
  }
  await runAfterCommit(after, log);
  return unique;
}

/** The member a report is about (for the answer after a decision). */
export async function reportedIdOf(db: Services['db'], reportId: number): Promise<number | null> {
  const [row] = await db.select({ id: reports.reportedId }).from(reports).where(eq(reports.id, reportId));
  return row?.id ?? null;
}
