import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DirectDebitBlock } from '../../../../common/api/admin/direct-debit';
import { STAFF_REASON_MAX } from '../../../../common/api/admin/members';
import { formatDate } from '../../../format';
import { ApiError } from '../../api';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ReasonDialog } from '../../components/ReasonDialog';
import { useAddBlock, useDirectDebitBlocks, useRemoveBlock } from './api';

/** An IBAN in groups of four, as people read and compare them. */
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The direct-debit block list: the accounts a direct debit is refused for. An admin blocks one with
 * a reason and lifts a block with a reason (both in the audit log); a chargeback the payment
 * provider reports adds the member's account by itself.
 */
export function DirectDebitBlocksPage() {
  const { t, i18n } = useTranslation('admin');
  const blocks = useDirectDebitBlocks();
  const [removing, setRemoving] = useState<DirectDebitBlock | null>(null);
  const remove = useRemoveBlock();
  const when = (iso: string) => formatDate(iso, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const list = blocks.data?.blocks ?? [];

  return (
    <>
      <PageHeader title={t('payments.blocks.title')} subtitle={t('payments.blocks.intro')} />
      <AddBlockForm />
      <section aria-labelledby="dd-blocks-list">
        <h2 id="dd-blocks-list" className="h5">
          {t('payments.blocks.listTitle')}
        </h2>
        {blocks.isPending ? (
          <Loading />
        ) : blocks.isError ? (
          <ErrorAlert error={blocks.error} onRetry={() => void blocks.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title={t('payments.blocks.empty')} />
        ) : (
          <div className="admin-table-wrap">
            <table className="table table-hover admin-dd-blocks">
              <caption className="visually-hidden">{t('payments.blocks.listTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('payments.blocks.iban')}</th>
                  <th scope="col">{t('common.reason')}</th>
                  <th scope="col">{t('payments.blocks.addedBy')}</th>
                  <th scope="col">{t('common.created')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((b) => (
                  <tr key={b.iban}>
                    <td className="text-nowrap">
                      <code className="admin-dd-iban">{grouped(b.iban)}</code>
                    </td>
                    <td className="admin-dd-reason">
                      {b.payment_id
                        ? t('payments.blocks.chargeback', { payment: b.payment_id.slice(0, 8) })
                        : b.reason}
                    </td>
                    <td>
                      {b.staff ? (
                        b.staff.name
                      ) : (
                        <span className="badge text-bg-info">{t('audit.system')}</span>
                      )}
                    </td>
                    <td className="text-nowrap">
                      <time dateTime={b.created_at}>{when(b.created_at)}</time>
                    </td>
                    <td className="text-end">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        aria-label={t('payments.blocks.removeLabel', { iban: grouped(b.iban) })}
                        onClick={() => setRemoving(b)}
                      >
                        {t('payments.blocks.remove')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ReasonDialog
        open={removing !== null}
        title={t('payments.blocks.removeTitle')}
        description={
          removing ? t('payments.blocks.removeDescription', { iban: grouped(removing.iban) }) : undefined
        }
        confirmLabel={t('payments.blocks.remove')}
        maxLength={STAFF_REASON_MAX}
        onCancel={() => setRemoving(null)}
        onConfirm={async (reason) => {
          if (!removing) return;
          await remove.mutateAsync({ iban: removing.iban, reason });
          setRemoving(null);
        }}
      />
    </>
  );
}

/** Block an account: its IBAN and why. The server checks the IBAN and names a wrong field. */
function AddBlockForm() {
  const { t } = useTranslation('admin');
  const id = useId();
  const add = useAddBlock();
  const [iban, setIban] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const fields = add.error instanceof ApiError ? (add.error.body?.fields ?? {}) : {};
  const otherError = add.error && Object.keys(fields).length === 0 ? add.error : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    try {
      const answer = await add.mutateAsync({ iban, reason });
      setDone(answer.block.iban);
      setIban('');
      setReason('');
    } catch {
      // Shown beside the fields, from add.error.
    }
  };

  const fieldProps = (name: 'iban' | 'reason') => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(fields[name]),
    'aria-describedby': fields[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: 'iban' | 'reason') =>
    fields[name] ? (
      <div className="invalid-feedback d-block" id={`${id}-${name}-error`}>
        {fields[name]}
      </div>
    ) : null;

  return (
    <form className="admin-panel admin-dd-form" noValidate onSubmit={submit} aria-busy={add.isPending}>
      <h2 className="h5">{t('payments.blocks.addTitle')}</h2>
      <div className="admin-dd-form__fields">
        <div>
          <label className="form-label" htmlFor={`${id}-iban`}>
            {t('payments.blocks.iban')}
          </label>
          <input
            {...fieldProps('iban')}
            className={`form-control ${fields.iban ? 'is-invalid' : ''}`}
            value={iban}
            autoComplete="off"
            spellCheck={false}
            maxLength={42}
            placeholder="NL91 ABNA 0417 1643 00"
            onChange={(e) => setIban(e.target.value)}
          />
          {fieldError('iban')}
        </div>
        <div className="admin-dd-form__reason">
          <label className="form-label" htmlFor={`${id}-reason`}>
            {t('common.reason')}
          </label>
          <input
            {...fieldProps('reason')}
            className={`form-control ${fields.reason ? 'is-invalid' : ''}`}
            value={reason}
            maxLength={STAFF_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
          />
          {fieldError('reason')}
        </div>
        <div className="admin-dd-form__submit">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending ? t('common.working') : t('payments.blocks.add')}
          </button>
        </div>
      </div>
      <ErrorAlert error={otherError} className="mt-3 mb-0" />
      <p className="admin-dd-form__done" role="status">
        {done ? t('payments.blocks.added', { iban: grouped(done) }) : ''}
      </p>
    </form>
  );
}
