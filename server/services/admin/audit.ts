import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditEntry = {
  /** Null for the system's own actions (a flagged message). */
  staffId: number | null;
  /** What was done, e.g. `report.suspend`, `credits.adjust`, `site.settings`. */
  action: string;
  targetType:
    | 'member'
    | 'photo'
    | 'report'
    | 'payment'
    | 'site'
    | 'package'
    | 'discount_code'
    | 'gift'
    | 'complaint'
    | 'staff'
    | 'message'
    | 'promo'
    | 'iban';
  targetId: string | number;
  siteId?: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Writes one line of the audit log. Call it with the transaction that makes the change,
 * so that a change and its record are saved together or not at all.
 */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    siteId: entry.siteId ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}
