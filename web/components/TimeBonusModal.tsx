import './TimeBonusModal.scss';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIME_BONUS_MODAL_DELAY_MS } from '../../common/constants';
import { formatCountdown, inMembersArea, timeBonusModalDue } from '../../common/rules/time-bonus';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { dismiss, dismissedAt } from '../state/dismissals';
import { useTimeBonus } from '../state/time-bonus';
import { Dialog } from './Dialog';

/** Per member, so a second member on the same device is still offered their own bonus. */
const dismissalName = (memberId: number) => `time-bonus-modal:${memberId}`;

/**
 * The time-bonus modal: 40 s after entering the members area, for a logged-in member with no
 * credits who has not dismissed it, while the bonus runs. Leaving the area stops the wait (moving
 * within it does not); closing it is remembered. It states the bonus, urges haste with the time
 * left, and leads to credits.
 */
export default function TimeBonusModal() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const handle = useRouteHandle();
  const inArea = inMembersArea(handle.name);
  const timeBonus = useTimeBonus();
  const [open, setOpen] = useState(false);

  // The timer reads the state of the moment it fires, not of the moment it was set.
  const latest = useRef({ user, running: timeBonus.running });
  latest.current = { user, running: timeBonus.running };

  useEffect(() => {
    if (!inArea) {
      setOpen(false);
      return;
    }
    const timer = setTimeout(() => {
      const { user: member, running } = latest.current;
      const due = timeBonusModalDue({
        loggedIn: Boolean(member),
        credits: member?.credits ?? 0,
        dismissed: member ? dismissedAt(dismissalName(member.profile.id)) !== null : true,
        running,
      });
      if (due) setOpen(true);
    }, TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [inArea]);

  // At zero, or once the member pays, there is no bonus left to offer.
  if (!open || !timeBonus.running || !timeBonus.bonus || !user) return null;

  const close = () => {
    dismiss(dismissalName(user.profile.id));
    setOpen(false);
  };
  const percent = timeBonus.bonus.value_percentage;
  return (
    <Dialog
      open
      className="time-bonus-modal"
      title={t('timeBonus.modal.title', { percent })}
      onCancel={close}
      onBackdropClick={close}
      onClose={close}
      closeLabel={t('timeBonus.modal.close')}
      footer={
        <Link to="/credits" className="btn btn-primary btn-lg" data-autofocus onClick={close}>
          {t('timeBonus.modal.cta')}
        </Link>
      }
    >
      <div className="time-bonus-modal-offer" aria-hidden="true">
        <span className="time-bonus-modal-percent">{percent}%</span>
      </div>
      <p className="time-bonus-modal-text">{t('timeBonus.modal.text', { percent })}</p>
      <p className="time-bonus-modal-hurry">
        <span>{t('timeBonus.modal.hurry')}</span>
        <span role="timer" className="time-bonus-modal-clock">
          {formatCountdown(timeBonus.secondsLeft)}
        </span>
      </p>
    </Dialog>
  );
}
