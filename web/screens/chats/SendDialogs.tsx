import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FREE_CHAT_STARTS } from '../../../common/constants';
import { Dialog } from '../../components/Dialog';

/** Not enough credits to send a message: offers to buy credits. */
export function CreditsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={t('chat.credits.title')}
      onCancel={onClose}
      onBackdropClick={onClose}
      className="chat-offer-dialog"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('chat.credits.close')}
          </button>
          <Link to="/credits" className="btn btn-primary" data-autofocus>
            {t('chat.credits.cta')}
          </Link>
        </>
      }
    >
      <p className="mb-0">{t('chat.credits.text')}</p>
    </Dialog>
  );
}

/** The premium-only function alert: here, a free member's chat beyond the free starts. */
export function PremiumDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={t('chat.premium.title')}
      onCancel={onClose}
      onBackdropClick={onClose}
      className="chat-offer-dialog"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('chat.premium.close')}
          </button>
          <Link to="/premium" className="btn btn-primary" data-autofocus>
            {t('chat.premium.cta')}
          </Link>
        </>
      }
    >
      <p className="mb-0">{t('chat.premium.text', { limit: FREE_CHAT_STARTS })}</p>
    </Dialog>
  );
}
