import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';

export const ICEBREAKERS = ['one', 'two', 'three', 'four', 'five', 'six'] as const;

/**
 * The icebreaker modal of a chat: on an empty conversation, openers in the member's
 * language; picking one fills the composer (to send as it is or to make one's own).
 */
export function IcebreakerDialog({
  open,
  name,
  onPick,
  onClose,
}: {
  open: boolean;
  name: string;
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={t('chat.icebreakers.title', { name })}
      onCancel={onClose}
      onBackdropClick={onClose}
      onClose={onClose}
      closeLabel={t('chat.icebreakers.close')}
      className="icebreaker-dialog"
      footer={
        <button type="button" className="btn btn-outline-secondary" onClick={onClose} data-autofocus>
          {t('chat.icebreakers.own')}
        </button>
      }
    >
      <p className="icebreaker-intro">{t('chat.icebreakers.intro')}</p>
      <ul className="icebreaker-list">
        {ICEBREAKERS.map((key) => {
          const text = t(`icebreakers.${key}`, { name });
          return (
            <li key={key}>
              <button type="button" className="icebreaker-option" onClick={() => onPick(text)}>
                {text}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
