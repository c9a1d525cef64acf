import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { useMessageMoney } from './price';

/**
 * A photo picked in the chat, before it is sent: the picture, what sending it costs (the site's
 * photo price, the one the server charges, and its money from the price quote) and the balance;
 * only Send sends it, Cancel drops it.
 */
export function PhotoPreview({
  file,
  name,
  credits,
  balance,
  onCancel,
  onSend,
}: {
  file: File | null;
  name: string;
  credits: number;
  balance: number;
  onCancel: () => void;
  onSend: (file: File) => void;
}) {
  const { t } = useTranslation();
  const money = useMessageMoney('photo');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [file]);
  return (
    <Dialog
      open={file !== null}
      title={t('chat.photoPreview.title', { name })}
      onCancel={onCancel}
      onBackdropClick={onCancel}
      className="photo-preview-dialog"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('chat.photoPreview.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-autofocus
            onClick={() => {
              if (file) onSend(file);
            }}
          >
            {t('chat.photoPreview.send', { count: credits })}
          </button>
        </>
      }
    >
      {/* The frame holds its size before the picture has decoded: nothing below it moves. */}
      <div className="photo-preview-frame">{url && <img src={url} alt={t('chat.photoPreview.alt')} />}</div>
      <p className="photo-preview-price">
        {t('chat.photoPreview.price', { count: credits })}
        {money && (
          <>
            {' '}
            <span className="text-nowrap">{t('chat.composer.messageMoney', { money })}</span>
          </>
        )}
      </p>
      <p className="photo-preview-balance">{t('chat.composer.balance', { count: balance })}</p>
    </Dialog>
  );
}
