import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { AdminPayment, MemberRecord } from '../../../../common/api/admin/members';
import { ApiError } from '../../api';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useStaffCan } from '../../staff-context';
import { useMemberRecord } from './api';
import {
  CreditsDialog,
  EndSessionsDialog,
  FictionalDialog,
  RefundDialog,
  SanctionDialog,
  type SanctionKind,
} from './dialogs';
import { AccountPanel, HistoryPanel, ProfilePanel } from './panels/account';
import { CreditsPanel, PaymentsPanel } from './panels/money';
import { PhotosPanel } from './panels/photos';
import { ReportsPanel } from './panels/reports';
import { MemberBadges, MemberThumb } from './parts';
import { Tabs } from './Tabs';

const TABS = ['account', 'profile', 'photos', 'credits', 'payments', 'reports', 'history'] as const;
type Open =
  | { kind: 'credits' | 'fictional' | 'sessions' }
  | { kind: 'sanction'; sanction: SanctionKind }
  | { kind: 'refund'; payment: AdminPayment }
  | null;

/** /admin/members/:id: a member's record in tabs, and what staff may do about them. */
export function MemberPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const record = useMemberRecord(valid ? id : 0);
  if (!valid || (record.error instanceof ApiError && record.error.status === 404))
    return (
      <>
        <PageHeader title={t('members.notFound.title')} />
        <EmptyState
          title={t('members.notFound.text')}
          action={
            <Link className="btn btn-outline-primary btn-sm" to="/admin/members">
              {t('members.back')}
            </Link>
          }
        />
      </>
    );
  if (record.isPending) return <Loading />;
  if (record.isError) return <ErrorAlert error={record.error} onRetry={() => void record.refetch()} />;
  return <Record member={record.data.member} />;
}

function Record({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const can = {
    support: useStaffCan('support'),
    moderator: useStaffCan('moderator'),
    admin: useStaffCan('admin'),
  };
  const a = member.account;
  const p = member.profile;
  const main = member.photos.find((ph) => ph.main) ?? null;
  const suspended = a.status === 'suspended';
  const title = p?.name ?? a.email;

  const close = () => setOpen(null);
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as string)
    : 'account';
  const setTab = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };

  const actions = (
    <>
      {can.admin && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => setOpen({ kind: 'credits' })}
        >
          {t('members.actions.credits.button')}
        </button>
      )}
      {can.admin && p && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => setOpen({ kind: 'fictional' })}
        >
          {p.fictional ? t('members.actions.fictional.unmark') : t('members.actions.fictional.mark')}
        </button>
      )}
      {can.support && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => setOpen({ kind: 'sessions' })}
        >
          {t('members.actions.sessions.button')}
        </button>
      )}
      {can.moderator && !suspended && (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={() => setOpen({ kind: 'sanction', sanction: 'suspend' })}
        >
          {t('members.actions.suspend.button')}
        </button>
      )}
      {can.moderator && !(suspended && a.suspended_until === null) && (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={() => setOpen({ kind: 'sanction', sanction: 'ban' })}
        >
          {t('members.actions.ban.button')}
        </button>
      )}
      {can.moderator && (suspended || a.banned) && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => setOpen({ kind: 'sanction', sanction: 'lift' })}
        >
          {t('members.actions.lift.button')}
        </button>
      )}
    </>
  );

  return (
    <>
      <nav className="admin-members-back">
        <Link to="/admin/members">← {t('members.back')}</Link>
      </nav>
      <div className="admin-members-head">
        <MemberThumb url={main?.thumb_url ?? null} size="lg" />
        <PageHeader
          title={title}
          documentTitle={`${title} – ${t('members.title')}`}
          subtitle={
            <>
              <span>{t('members.idLabel', { id: a.id })}</span>
              <span aria-hidden="true"> · </span>
              <span>{a.site}</span>
              <span aria-hidden="true"> · </span>
              <span className="admin-members-email">{a.email}</span>
              <span className="admin-members-head__badges">
                <MemberBadges
                  status={a.status}
                  paid={a.paid}
                  fictional={p?.fictional ?? false}
                  deleted={a.deleted_at !== null}
                  banned={a.banned}
                  suspendedUntil={a.suspended_until}
                />
              </span>
            </>
          }
          actions={actions}
        />
      </div>
      {notice && (
        <div className="alert alert-success admin-members-notice" role="status">
          <span>{notice}</span>
          <button
            type="button"
            className="btn-close"
            aria-label={t('common.close')}
            onClick={() => setNotice(null)}
          />
        </div>
      )}
      <Tabs
        label={t('members.tabs.label')}
        active={tab}
        onChange={setTab}
        tabs={[
          {
            key: 'account',
            label: t('members.tabs.account'),
            render: () => <AccountPanel member={member} />,
          },
          {
            key: 'profile',
            label: t('members.tabs.profile'),
            render: () => <ProfilePanel member={member} />,
          },
          {
            key: 'photos',
            label: `${t('members.tabs.photos')} (${member.photos.length})`,
            render: () => <PhotosPanel member={member} />,
          },
          {
            key: 'credits',
            label: t('members.tabs.credits'),
            render: () => <CreditsPanel member={member} />,
          },
          {
            key: 'payments',
            label: `${t('members.tabs.payments')} (${member.payments.length})`,
            render: () => (
              <PaymentsPanel
                member={member}
                onRefund={can.admin ? (payment) => setOpen({ kind: 'refund', payment }) : undefined}
              />
            ),
          },
          {
            key: 'reports',
            label: `${t('members.tabs.reports')} (${member.reports.against.length + member.reports.by.length})`,
            render: () => <ReportsPanel member={member} />,
          },
          {
            key: 'history',
            label: t('members.tabs.history'),
            render: () => <HistoryPanel member={member} />,
          },
        ]}
      />

      <CreditsDialog
        open={open?.kind === 'credits'}
        memberId={a.id}
        credits={a.credits}
        onClose={close}
        onDone={done}
      />
      <FictionalDialog
        open={open?.kind === 'fictional'}
        memberId={a.id}
        fictional={p?.fictional ?? false}
        onClose={close}
        onDone={done}
      />
      <EndSessionsDialog
        open={open?.kind === 'sessions'}
        memberId={a.id}
        active={member.sessions.active}
        onClose={close}
        onDone={done}
      />
      <SanctionDialog
        open={open?.kind === 'sanction'}
        kind={open?.kind === 'sanction' ? open.sanction : 'suspend'}
        memberId={a.id}
        onClose={close}
        onDone={done}
      />
      <RefundDialog
        open={open?.kind === 'refund'}
        payment={open?.kind === 'refund' ? open.payment : null}
        memberId={a.id}
        onClose={close}
        onDone={done}
      />
    </>
  );
}
