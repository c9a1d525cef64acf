import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplaintStatus } from '../../../../common/api/admin/complaints';
import { formatDate } from '../../../format';

const STATUS_CLASS: Record<ComplaintStatus, string> = {
  new: 'text-bg-primary',
  in_progress: 'text-bg-warning',
  closed: 'text-bg-secondary',
};

/** A complaint's state as a badge: new, in progress, closed. */
export function StatusBadge(props: { status: ComplaintStatus }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`badge ${STATUS_CLASS[props.status]}`}>{t(`complaints.status.${props.status}`)}</span>
  );
}

/** Marks a complaint whose mail to the support address never went out. */
export function NotForwardedBadge() {
  const { t } = useTranslation('admin');
  return <span className="badge text-bg-danger">{t('complaints.notForwarded')}</span>;
}

/** Dates and times in the console's language. */
export function useComplaintsFormat() {
  const { i18n } = useTranslation('admin');
  const lng = i18n.language;
  return useMemo(
    () => ({
      dateTime: (iso: string) => formatDate(iso, lng, { dateStyle: 'medium', timeStyle: 'short' }),
      language: (code: string) => {
        try {
          return new Intl.DisplayNames([lng], { type: 'language' }).of(code) ?? code;
        } catch {
          return code;
        }
      },
    }),
    [lng],
  );
}
