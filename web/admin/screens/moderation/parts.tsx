import { useTranslation } from 'react-i18next';
import type { ModerationAction, ReportStatus } from '../../../../common/api/reports';
import { formatDate } from '../../../format';

/** Dates and times in the console's language. */
export function useModerationFormat() {
  const { i18n } = useTranslation('admin');
  const lng = i18n.language;
  return {
    date: (iso: string) => formatDate(iso, lng, { dateStyle: 'medium' }),
    dateTime: (iso: string) => formatDate(iso, lng, { dateStyle: 'medium', timeStyle: 'short' }),
    number: (n: number) => new Intl.NumberFormat(lng).format(n),
  };
}

const STATUS_CLASS: Record<ReportStatus, string> = {
  open: 'text-bg-warning',
  upheld: 'text-bg-danger',
  dismissed: 'text-bg-secondary',
};

/** A report's state: open, or what was decided. */
export function ReportStatusBadge(props: { status: ReportStatus; action: ModerationAction | null }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`badge ${STATUS_CLASS[props.status]}`}>
      {props.status === 'upheld' && props.action
        ? t(`moderation.actions.${props.action}.done`)
        : t(`moderation.statuses.${props.status}`)}
    </span>
  );
}
