import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  COMPLAINT_NOTE_MAX,
  COMPLAINT_STATUSES,
  type ComplaintDetail,
  type ComplaintStatus,
} from '../../../../common/api/admin/complaints';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useChangeStatus, useComplaint, useResendMail } from './api';
import { NotForwardedBadge, StatusBadge, useComplaintsFormat } from './parts';

/**
 * /admin/complaints/:id: what the complainant wrote, who they are, the state with a note (every
 * change is audited with it), what staff did so far, and the support mail sent again when it never
 * went out.
 */
export function ComplaintPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id) || 0;
  const complaint = useComplaint(id);
  const c = complaint.data?.complaint;
  return (
    <>
      <p className="complaints-back">
        <Link to="/admin/complaints">{t('complaints.back')}</Link>
      </p>
      {complaint.isPending ? (
        <Loading />
      ) : complaint.isError || !c ? (
        <>
          <PageHeader title={t('complaints.title')} />
          <ErrorAlert error={complaint.error} onRetry={() => void complaint.refetch()} />
        </>
      ) : (
        <Complaint complaint={c} />
      )}
    </>
  );
}

function Complaint({ complaint: c }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation(['admin', 'translation']);
  const f = useComplaintsFormat();
  return (
    <>
      <PageHeader
        title={t('complaints.detail.title', { reference: c.reference })}
        subtitle={t('complaints.detail.subtitle', {
          category: t(`translation:complaints.categories.${c.category}`),
          date: f.dateTime(c.created_at),
        })}
        actions={<StatusBadge status={c.status} />}
      />
      <div className="complaints-detail">
        <div className="complaints-detail__main">
          <section className="admin-panel" aria-labelledby="complaint-message">
            <h2 id="complaint-message">{t('complaints.detail.message')}</h2>
            {c.subject && (
              <p className="complaints-subject">
                <span className="complaints-label">{t('complaints.detail.about')}</span> {c.subject}
              </p>
            )}
            <p className="complaints-message" lang={c.language}>
              {c.message}
            </p>
          </section>
          <History complaint={c} />
        </div>
        <div className="complaints-detail__side">
          <Facts complaint={c} />
          <StatusForm complaint={c} />
        </div>
      </div>
    </>
  );
}

function Facts({ complaint: c }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation('admin');
  const f = useComplaintsFormat();
  const resend = useResendMail();
  return (
    <section className="admin-panel" aria-labelledby="complaint-facts">
      <h2 id="complaint-facts">{t('complaints.detail.facts')}</h2>
      <dl className="complaints-facts">
        <dt>{t('complaints.columns.from')}</dt>
        <dd>
          {c.name}
          <br />
          <a href={`mailto:${c.email}`}>{c.email}</a>
        </dd>
        <dt>{t('common.member')}</dt>
        <dd>
          {c.member_id === null ? (
            t('complaints.detail.visitor')
          ) : (
            <Link to={`/admin/members/${c.member_id}`}>
              {t('complaints.detail.memberLink', { id: c.member_id })}
            </Link>
          )}
        </dd>
        <dt>{t('common.site')}</dt>
        <dd>
          {c.site_name} ({c.site_domain})
        </dd>
        <dt>{t('common.language')}</dt>
        <dd>{f.language(c.language)}</dd>
        <dt>{t('complaints.columns.received')}</dt>
        <dd>{f.dateTime(c.created_at)}</dd>
        {c.updated_at && (
          <>
            <dt>{t('common.updated')}</dt>
            <dd>{f.dateTime(c.updated_at)}</dd>
          </>
        )}
        <dt>{t('complaints.detail.supportMail')}</dt>
        <dd>
          {c.forwarded_at ? (
            t('complaints.detail.forwardedAt', { date: f.dateTime(c.forwarded_at) })
          ) : (
            <>
              <NotForwardedBadge />
              <div className="complaints-resend">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(c.id)}
                >
                  {resend.isPending ? t('common.working') : t('complaints.detail.resend')}
                </button>
              </div>
              <ErrorAlert error={resend.error} className="mt-2 mb-0" />
            </>
          )}
        </dd>
      </dl>
    </section>
  );
}

function StatusForm({ complaint: c }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const change = useChangeStatus();
  const [status, setStatus] = useState<ComplaintStatus>(c.status);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [saved, setSaved] = useState(false);
  // Another complaint, or this one changed: the form starts from its state.
  useEffect(() => {
    setStatus(c.status);
  }, [c.status]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (!note.trim()) {
      setMissing(true);
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    change.mutate(
      { id: c.id, status, note: note.trim() },
      {
        onSuccess: () => {
          setNote('');
          setSaved(true);
        },
      },
    );
  };

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('complaints.form.title')}</h2>
      <form noValidate onSubmit={submit} aria-busy={change.isPending}>
        <fieldset className="mb-3 complaints-status">
          <legend>{t('common.status')}</legend>
          {COMPLAINT_STATUSES.map((s) => (
            <div className="form-check" key={s}>
              <input
                className="form-check-input"
                type="radio"
                name={`${id}-status`}
                id={`${id}-${s}`}
                value={s}
                checked={status === s}
                onChange={() => setStatus(s)}
              />
              <label className="form-check-label" htmlFor={`${id}-${s}`}>
                {t(`complaints.status.${s}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-note`}>
            {t('common.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className={`form-control ${missing ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={COMPLAINT_NOTE_MAX}
            value={note}
            required
            aria-invalid={missing}
            aria-describedby={`${id}-hint${missing ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setNote(e.target.value);
              setSaved(false);
              if (e.target.value.trim()) setMissing(false);
            }}
          />
          {missing && (
            <div className="invalid-feedback d-block" id={`${id}-error`}>
              {t('complaints.form.noteRequired')}
            </div>
          )}
          <div className="form-text" id={`${id}-hint`}>
            {t('complaints.form.noteHint')}
          </div>
        </div>
        <ErrorAlert error={change.error} />
        <div className="complaints-form__actions">
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending ? t('common.saving') : t('complaints.form.save')}
          </button>
          <span role="status" className="complaints-form__saved">
            {saved ? t('common.saved') : ''}
          </span>
        </div>
      </form>
    </section>
  );
}

function History({ complaint: c }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation('admin');
  const f = useComplaintsFormat();
  return (
    <section className="admin-panel" aria-labelledby="complaint-history">
      <h2 id="complaint-history">{t('complaints.history.title')}</h2>
      {c.staff_note && c.history.length === 0 && (
        <p className="complaints-note">
          <span className="complaints-label">{t('common.note')}</span> {c.staff_note}
        </p>
      )}
      {c.history.length === 0 ? (
        <p className="complaints-history__none">{t('complaints.history.none')}</p>
      ) : (
        <ol className="complaints-history">
          {c.history.map((h) => (
            <li key={`${h.at}-${h.action}`}>
              <div className="complaints-history__head">
                <time dateTime={h.at}>{f.dateTime(h.at)}</time>
                <span>{h.staff_name ?? t('complaints.history.system')}</span>
              </div>
              <div>
                {h.action === 'complaint.mail'
                  ? t('complaints.history.mailed')
                  : h.status
                    ? t('complaints.history.moved', { status: t(`complaints.status.${h.status}`) })
                    : h.action}
              </div>
              {h.note && <p className="complaints-history__note">{h.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
