import './suspension.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SuspensionStatement } from '../../../common/api/user';
import { useSettings } from '../../api/site';
import { formatDate } from '../../format';

/**
 * The appeal sentence with its two links, marked `<mail>…</mail>` and `<form>…</form>` in the
 * catalog (split by hand: react-i18next's Trans would put its HTML parser in an early chunk).
 */
function appealParts(text: string, email: string): ReactNode[] {
  return text.split(/(<mail>[^<]*<\/mail>|<form>[^<]*<\/form>)/).map((part, i) => {
    const m = /^<(mail|form)>([^<]*)<\/\1>$/.exec(part);
    if (!m) return part;
    return m[1] === 'mail' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence, never reordered
      <a key={i} href={`mailto:${email}`}>
        {m[2]}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence, never reordered
      <Link key={i} to="/complaints">
        {m[2]}
      </Link>
    );
  });
}

/**
 * What a suspended or banned member sees when they try to log in: until when (or that
 * the account is closed), the ground and the moderator's explanation, and how to appeal.
 */
export function SuspensionNotice(props: { until: string | null; statement: SuspensionStatement | null }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const { until, statement } = props;
  const ban = until === null;
  return (
    <div role="alert" className="alert alert-danger login-suspension mb-0">
      <h2 className="h5">{t(ban ? 'suspension.titleBan' : 'suspension.title')}</h2>
      <p>
        {until
          ? t('suspension.until', {
              until: formatDate(until, i18n.language, { dateStyle: 'long', timeStyle: 'short' }),
            })
          : t('suspension.ban')}
      </p>
      {statement?.reason && (
        <p>{t('suspension.reason', { reason: t(`reports.reasons.${statement.reason}`) })}</p>
      )}
      {statement?.text && (
        <figure className="login-suspension__statement">
          <figcaption>{t('suspension.explanation')}</figcaption>
          <blockquote className="mb-0">{statement.text}</blockquote>
        </figure>
      )}
      <p className="mb-0">
        {appealParts(t('suspension.appeal', { email: settings.support_email }), settings.support_email)}
      </p>
    </div>
  );
}
