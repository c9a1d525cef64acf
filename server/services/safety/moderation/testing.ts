import { eq } from 'drizzle-orm';
import type { ReportEvidence, ReportReason, ReportSubject } from '../../../../common/api/reports';
import type { Db } from '../../../db/client';
import { profiles, reports } from '../../../db/schema';
import { siteId } from '../../../test/app';

/** A report as the member's report form leaves it, written straight into the table (tests only). */
export async function fileTestReport(
  db: Db,
  input: {
    reporterId: number | null;
    reportedId: number;
    reason?: ReportReason;
    subject?: ReportSubject;
    details?: string;
    evidence?: ReportEvidence[];
    photoId?: number;
    automatic?: boolean;
    domain?: string;
    createdAt?: Date;
  },
) {
  const [profile] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.memberId, input.reportedId));
  const [row] = await db
    .insert(reports)
    .values({
      siteId: await siteId(db, input.domain ?? 'main.test'),
      reporterId: input.reporterId,
      reportedId: input.reportedId,
      reportedName: profile?.name ?? '',
      subject: input.subject ?? (input.evidence ? 'messages' : input.photoId ? 'photo' : 'member'),
      reason: input.reason ?? 'harassment',
      details: input.details ?? '',
      evidence: input.evidence ?? [],
      photoId: input.photoId ?? null,
      automatic: input.automatic ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('report not inserted');
  return row;
}

/** Chat messages as a report keeps them for evidence. */
export function testEvidence(from: number, to: number, at: Date): ReportEvidence[] {
  return [
    { id: 9001, sender_id: to, kind: 'text', body: 'Hoi, leuk profiel!', created_at: at.toISOString() },
    {
      id: 9002,
      sender_id: from,
      kind: 'text',
      body: 'Stuur me geld of ik deel je foto’s.',
      created_at: at.toISOString(),
    },
  ];
}
