import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gift } from '../../../common/api/chats';
import { useGifts } from '../../api/gifts';
import { Dialog } from '../../components/Dialog';
import { GiftIcon } from './gifts/GiftIcon';

/** The gift catalogue in a modal: pick one (its picture, name and price), then send it. */
export function GiftPicker({
  open,
  name,
  balance,
  onClose,
  onSend,
}: {
  open: boolean;
  name: string;
  balance: number;
  onClose: () => void;
  onSend: (gift: Gift) => void;
}) {
  const { t } = useTranslation();
  const gifts = useGifts(open);
  const [picked, setPicked] = useState<Gift | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      title={t('chat.gifts.title', { name })}
      onCancel={close}
      onBackdropClick={close}
      onClose={close}
      closeLabel={t('chat.gifts.close')}
      className="gift-dialog"
      footer={
        <>
          <span className="gift-balance">{t('chat.composer.balance', { count: balance })}</span>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!picked}
            onClick={() => {
              if (!picked) return;
              onSend(picked);
              close();
            }}
          >
            {picked
              ? t('chat.gifts.send', { gift: t(`gifts.${picked.slug}`), count: picked.credits })
              : t('chat.gifts.pick')}
          </button>
        </>
      }
    >
      {gifts.isError ? (
        <p role="alert">{t('chat.gifts.loadFailed')}</p>
      ) : (
        <ul className="gift-grid" aria-busy={gifts.isPending}>
          {(gifts.data ?? []).map((gift) => (
            <li key={gift.id}>
              <button
                type="button"
                className={`gift-option${picked?.id === gift.id ? ' is-picked' : ''}`}
                aria-pressed={picked?.id === gift.id}
                onClick={() => setPicked(gift)}
              >
                <GiftIcon slug={gift.slug} size={48} />
                <span className="gift-name">{t(`gifts.${gift.slug}`, { defaultValue: t('chat.gift') })}</span>
                <span className="gift-price">{t('chat.gifts.price', { count: gift.credits })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
