import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminPayment, STAFF_REASON_MAX } from '../../../../common/api/admin/members';
import { REPORT_REASONS, type ReportReason } from '../../../../common/api/reports';
import { CREDIT_ADJUSTMENT_MAX, SUSPENSION_MAX_DAYS } from '../../../../common/constants';
import { ReasonDialog } from '../../components/ReasonDialog';
import { useAdjustCredits, useEndSessions, useRefund, useSanction, useSetFictional } from './api';
import { useMembersFormat } from './format';

/** What each dialog gets: open or not, closing, and what to say once it worked. */
type DialogProps = { open: boolean; onClose: () => void; onDone: (message: string) => void };

/** A field of a dialog with its own check: label, input, hint, and the problem when there is one. */
function Field(props: {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
  children: (aria: { 'aria-invalid': boolean; 'aria-describedby': string }) => React.ReactNode;
}) {
  const described = [props.hint ? `${props.id}-hint` : '', props.error ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children({ 'aria-invalid': Boolean(props.error), 'aria-describedby': described })}
      {props.error && (
        <div className="invalid-feedback d-block" id={`${props.id}-error`}>
          {props.error}
        </div>
      )}
      {props.hint && (
        <div className="form-text" id={`${props.id}-hint`}>
          {props.hint}
        </div>
      )}
    </div>
  );
}

const WHOLE = /^\s*[-+\u2212]?\d{1,9}\s*$/;

/** Add or take credits (admin): a whole number within ±CREDIT_ADJUSTMENT_MAX, never below zero. */
export function CreditsDialog(props: DialogProps & { memberId: number; credits: number }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  const id = useId();
  const [delta, setDelta] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adjust = useAdjustCredits(props.memberId);
  useEffect(() => {
    if (props.open) {
      setDelta('');
      setError(null);
    }
  }, [props.open]);
  const max = f.number(CREDIT_ADJUSTMENT_MAX);
  const check = (): number | null => {
    const n = WHOLE.test(delta) ? Number(delta.trim().replace('\u2212', '-')) : Number.NaN;
    if (!Number.isInteger(n) || n === 0 || Math.abs(n) > CREDIT_ADJUSTMENT_MAX) {
      setError(t('members.actions.credits.invalid', { max }));
      return null;
    }
    if (props.credits + n < 0) {
      setError(t('members.actions.credits.negative', { credits: f.number(props.credits) }));
      return null;
    }
    setError(null);
    return n;
  };
  return (
    <ReasonDialog
      open={props.open}
      title={t('members.actions.credits.title')}
      description={t('members.actions.credits.description', { credits: f.number(props.credits) })}
      confirmLabel={t('members.actions.credits.confirm')}
      maxLength={STAFF_REASON_MAX}
      onCancel={props.onClose}
      onConfirm={async (reason) => {
        const n = check();
        if (n === null) {
          document.getElementById(`${id}-delta`)?.focus();
          return;
        }
        const done = await adjust.mutateAsync({ delta: n, reason });
        props.onDone(t('members.actions.credits.done', { credits: f.number(done.credits) }));
      }}
    >
      <Field
        id={`${id}-delta`}
        label={t('members.actions.credits.delta')}
        hint={t('members.actions.credits.hint', { max })}
        error={error}
      >
        {(aria) => (
          <input
            id={`${id}-delta`}
            name="delta"
            type="text"
            className={`form-control admin-members-number ${error ? 'is-invalid' : ''}`}
            value={delta}
            required
            data-autofocus
            {...aria}
            onChange={(e) => {
              setDelta(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
    </ReasonDialog>
  );
}

/** Cents from what staff type in the currency's units: "12", "12.5", "12,50". */
export function parseAmount(text: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Refund a paid payment (admin): at most what is left, through the payment's provider. */
export function RefundDialog(props: DialogProps & { memberId: number; payment: AdminPayment | null }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  const id = useId();
  const p = props.payment;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useRefund(props.memberId);
  useEffect(() => {
    if (props.open && p) {
      setAmount((p.refundable / 100).toFixed(2));
      setError(null);
    }
  }, [props.open, p]);
  if (!p) return null;
  const left = f.money(p.refundable, p.currency);
  return (
    <ReasonDialog
      open={props.open}
      danger
      title={t('members.actions.refund.title')}
      description={t('members.actions.refund.description', {
        paid: f.money(p.amount, p.currency),
        left,
        provider: p.provider,
        credits: f.number(p.credits),
      })}
      confirmLabel={t('members.actions.refund.confirm')}
      maxLength={STAFF_REASON_MAX}
      onCancel={props.onClose}
      onConfirm={async (reason) => {
        const cents = parseAmount(amount);
        if (cents === null || cents <= 0 || cents > p.refundable) {
          setError(t('members.actions.refund.invalid', { left }));
          document.getElementById(`${id}-amount`)?.focus();
          return;
        }
        const done = await refund.mutateAsync({ payment_id: p.id, amount: cents, reason });
        props.onDone(
          t('members.actions.refund.done', {
            amount: f.money(cents, p.currency),
            credits: f.number(done.credits_taken),
          }),
        );
      }}
    >
      <Field
        id={`${id}-amount`}
        label={t('members.actions.refund.amount', { currency: p.currency })}
        hint={t('members.actions.refund.hint', { left })}
        error={error}
      >
        {(aria) => (
          <input
            id={`${id}-amount`}
            name="amount"
            type="text"
            inputMode="decimal"
            className={`form-control admin-members-number ${error ? 'is-invalid' : ''}`}
            value={amount}
            required
            data-autofocus
            {...aria}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
    </ReasonDialog>
  );
}

/** Mark a profile fictional, or real again (admin). */
export function FictionalDialog(props: DialogProps & { memberId: number; fictional: boolean }) {
  const { t } = useTranslation('admin');
  const set = useSetFictional(props.memberId);
  const to = !props.fictional;
  const k = to ? 'mark' : 'unmark';
  return (
    <ReasonDialog
      open={props.open}
      title={t(`members.actions.fictional.${k}Title`)}
      description={t(`members.actions.fictional.${k}Description`)}
      confirmLabel={t(`members.actions.fictional.${k}`)}
      maxLength={STAFF_REASON_MAX}
      onCancel={props.onClose}
      onConfirm={async (reason) => {
        await set.mutateAsync({ fictional: to, reason });
        props.onDone(t(`members.actions.fictional.${k}Done`));
      }}
    />
  );
}

/** End every session of the member (support). */
export function EndSessionsDialog(props: DialogProps & { memberId: number; active: number }) {
  const { t } = useTranslation('admin');
  const end = useEndSessions(props.memberId);
  return (
    <ReasonDialog
      open={props.open}
      title={t('members.actions.sessions.title')}
      description={t('members.actions.sessions.description', { count: props.active })}
      confirmLabel={t('members.actions.sessions.confirm')}
      maxLength={STAFF_REASON_MAX}
      onCancel={props.onClose}
      onConfirm={async (reason) => {
        const done = await end.mutateAsync({ reason });
        props.onDone(t('members.actions.sessions.done', { count: done.ended }));
      }}
    />
  );
}

export type SanctionKind = 'suspend' | 'ban' | 'lift';

/** Suspend for days, ban, or lift either (moderator); the reason is the member's statement of reasons. */
export function SanctionDialog(props: DialogProps & { memberId: number; kind: SanctionKind }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  const id = useId();
  const [days, setDays] = useState('7');
  const [ground, setGround] = useState<ReportReason | ''>('');
  const [error, setError] = useState<string | null>(null);
  const sanction = useSanction(props.memberId);
  useEffect(() => {
    if (props.open) {
      setDays('7');
      setGround('');
      setError(null);
    }
  }, [props.open]);
  const k = props.kind;
  return (
    <ReasonDialog
      open={props.open}
      danger={k !== 'lift'}
      title={t(`members.actions.${k}.title`)}
      description={t(`members.actions.${k}.description`)}
      confirmLabel={t(`members.actions.${k}.confirm`)}
      reasonLabel={k === 'lift' ? undefined : t('members.actions.statement')}
      maxLength={STAFF_REASON_MAX}
      onCancel={props.onClose}
      onConfirm={async (reason) => {
        let n: number | undefined;
        if (k === 'suspend') {
          n = /^\s*\d{1,4}\s*$/.test(days) ? Number(days) : Number.NaN;
          if (!(n >= 1 && n <= SUSPENSION_MAX_DAYS)) {
            setError(t('members.actions.suspend.daysInvalid', { max: SUSPENSION_MAX_DAYS }));
            document.getElementById(`${id}-days`)?.focus();
            return;
          }
        }
        const done = await sanction.mutateAsync({
          action: k,
          days: n,
          ground: ground || undefined,
          reason,
        });
        props.onDone(
          k === 'suspend' && done.suspended_until
            ? t('members.actions.suspend.done', { until: f.dateTime(done.suspended_until) })
            : t(`members.actions.${k}.done`),
        );
      }}
    >
      {k === 'suspend' && (
        <Field
          id={`${id}-days`}
          label={t('members.actions.suspend.days')}
          hint={t('members.actions.suspend.daysHint', { max: SUSPENSION_MAX_DAYS })}
          error={error}
        >
          {(aria) => (
            <input
              id={`${id}-days`}
              name="days"
              type="number"
              min={1}
              max={SUSPENSION_MAX_DAYS}
              step={1}
              className={`form-control admin-members-number ${error ? 'is-invalid' : ''}`}
              value={days}
              required
              data-autofocus
              {...aria}
              onChange={(e) => {
                setDays(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      )}
      {k !== 'lift' && (
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-ground`}>
            {t('members.actions.ground')}
          </label>
          <select
            id={`${id}-ground`}
            className="form-select"
            value={ground}
            onChange={(e) => setGround(e.target.value as ReportReason | '')}
          >
            <option value="">{t('members.actions.groundNone')}</option>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`reports.reasons.${r}`, { ns: 'translation' })}
              </option>
            ))}
          </select>
        </div>
      )}
    </ReasonDialog>
  );
}
