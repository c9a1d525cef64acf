import { useTranslation } from 'react-i18next';
import type { AdminPayment, MemberRecord } from '../../../../../common/api/admin/members';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Loading } from '../../../components/Loading';
import { useMemberLedger } from '../api';
import { useMembersFormat } from '../format';

/** The balance and the credits ledger, newest first, a page at a time. */
export function CreditsPanel({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  const ledger = useMemberLedger(member.account.id);
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section className="admin-panel" aria-labelledby="admin-members-ledger">
      <div className="admin-members-panel-head">
        <h2 id="admin-members-ledger">{t('members.credits.title')}</h2>
        <p className="admin-members-balance">
          {t('members.credits.balance')}{' '}
          <strong className="admin-members-num">{f.number(member.account.credits)}</strong>
        </p>
      </div>
      {ledger.isPending ? (
        <Loading />
      ) : ledger.isError ? (
        <ErrorAlert error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : entries.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('members.credits.none')}</p>
      ) : (
        <>
          <div className="table-responsive">
            <table className="table table-sm admin-members-ledger">
              <thead>
                <tr>
                  <th scope="col">{t('common.time')}</th>
                  <th scope="col" className="text-end">
                    {t('members.credits.change')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('members.credits.after')}
                  </th>
                  <th scope="col">{t('common.reason')}</th>
                  <th scope="col">{t('members.credits.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td className="text-nowrap">{f.dateTime(e.created_at)}</td>
                    <td
                      className={`text-end admin-members-num ${e.delta < 0 ? 'text-danger' : 'text-success'}`}
                    >
                      {e.delta > 0 ? '+' : '−'}
                      {f.number(Math.abs(e.delta))}
                    </td>
                    <td className="text-end admin-members-num">{f.number(e.balance_after)}</td>
                    <td>{t(`members.credits.reasons.${e.reason}`)}</td>
                    <td className="admin-members-reference">{e.reference ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {ledger.hasNextPage && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={ledger.isFetchingNextPage}
              onClick={() => void ledger.fetchNextPage()}
            >
              {ledger.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const PAYMENT_CLASS: Record<string, string> = {
  paid: 'text-bg-success',
  open: 'text-bg-light',
  pending: 'text-bg-warning',
  failed: 'text-bg-danger',
  canceled: 'text-bg-secondary',
  expired: 'text-bg-secondary',
};

/** The member's payments, newest first; an admin refunds a paid one from here. */
export function PaymentsPanel(props: { member: MemberRecord; onRefund?: (payment: AdminPayment) => void }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  const rows = props.member.payments;
  return (
    <section className="admin-panel" aria-labelledby="admin-members-payments">
      <h2 id="admin-members-payments">{t('members.tabs.payments')}</h2>
      {rows.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('members.payments.none')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm admin-members-payments">
            <thead>
              <tr>
                <th scope="col">{t('common.created')}</th>
                <th scope="col" className="text-end">
                  {t('common.amount')}
                </th>
                <th scope="col" className="text-end">
                  {t('members.columns.credits')}
                </th>
                <th scope="col">{t('members.payments.method')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('members.payments.refunded')}</th>
                {props.onRefund && (
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td className="text-nowrap">
                    {f.dateTime(p.created_at)}
                    <div className="admin-members-reference">{p.id}</div>
                  </td>
                  <td className="text-end admin-members-num text-nowrap">
                    {f.money(p.amount, p.currency)}
                    {p.discount_code && (
                      <div className="small text-body-secondary">
                        {t('members.payments.code', { code: p.discount_code })}
                      </div>
                    )}
                  </td>
                  <td className="text-end admin-members-num">{f.number(p.credits)}</td>
                  <td>
                    {t(`paymentMethods.${p.method}`, { ns: 'translation', defaultValue: p.method })}
                    <div className="small text-body-secondary">{p.provider}</div>
                  </td>
                  <td>
                    <span className={`badge ${PAYMENT_CLASS[p.status] ?? 'text-bg-light'}`}>
                      {t(`members.payments.status.${p.status}`, { defaultValue: p.status })}
                    </span>
                  </td>
                  <td className="text-nowrap">
                    {p.refunded_amount > 0 ? (
                      <>
                        {f.money(p.refunded_amount, p.currency)}
                        {p.refunded_at && (
                          <div className="small text-body-secondary">{f.dateTime(p.refunded_at)}</div>
                        )}
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  {props.onRefund && (
                    <td className="text-end">
                      {p.refundable > 0 && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          onClick={() => props.onRefund?.(p)}
                          aria-label={t('members.payments.refundLabel', {
                            amount: f.money(p.amount, p.currency),
                            date: f.date(p.created_at),
                          })}
                        >
                          {t('members.payments.refund')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
