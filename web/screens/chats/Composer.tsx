import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../state/viewport';
import { GiftButtonIcon, PhotoIcon, SendIcon } from './icons';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * The sticky composer: the message, its length against the site's limit, the price before sending,
 * and the gift and photo buttons. On a keyboard Enter sends and Shift+Enter starts a new line; on a
 * phone Enter is a new line and the send button sends.
 */
export function Composer(props: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onSend: (body: string) => void;
  onGift: () => void;
  onPhoto: (file: File) => void;
  maxLength: number;
  messageCredits: number;
  photoCredits: number;
  /** What a message costs in money (the price quote), or null. */
  messageMoney: string | null;
  balance: number;
  focusToken: number;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const priceId = useId();
  const counterId = useId();
  const length = [...props.value].length;
  const over = length - props.maxLength;
  const canSend = props.value.trim().length > 0 && over <= 0;

  // Grows with its text up to a few lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [props.value]);

  // An opener picked from the icebreakers lands here, ready to be edited.
  // After the dialog closed: closing gives the focus back to what had it before the dialog opened.
  useEffect(() => {
    if (props.focusToken === 0) return;
    const frame = requestAnimationFrame(() => {
      const el = area.current;
      el?.focus();
      el?.setSelectionRange(el.value.length, el.value.length);
    });
    return () => cancelAnimationFrame(frame);
  }, [props.focusToken]);

  const submit = (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    if (!canSend) return;
    props.onSend(props.value.trim());
    props.onChange('');
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      <div className="chat-composer-row">
        <button
          type="button"
          className="chat-icon-button"
          onClick={props.onGift}
          aria-label={t('chat.composer.gift')}
          title={t('chat.composer.gift')}
        >
          <GiftButtonIcon />
        </button>
        <button
          type="button"
          className="chat-icon-button"
          onClick={() => file.current?.click()}
          aria-label={t('chat.composer.photo', { count: props.photoCredits })}
          title={t('chat.composer.photo', { count: props.photoCredits })}
        >
          <PhotoIcon />
        </button>
        <input
          ref={file}
          type="file"
          accept={PHOTO_TYPES}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            if (picked) props.onPhoto(picked);
            e.target.value = '';
          }}
        />
        <textarea
          ref={area}
          className="chat-input"
          rows={1}
          value={props.value}
          placeholder={t('chat.composer.placeholder')}
          aria-label={t('chat.composer.label', { name: props.name })}
          aria-describedby={`${priceId} ${counterId}`}
          aria-invalid={over > 0 || undefined}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !phone && !e.nativeEvent.isComposing) submit(e);
          }}
        />
        <button
          type="submit"
          className="chat-send"
          disabled={!canSend}
          aria-label={t('chat.composer.send')}
          title={t('chat.composer.send')}
        >
          <SendIcon />
        </button>
      </div>
      <div className="chat-composer-info">
        <span id={priceId} className="chat-price">
          {t('chat.composer.price', { count: props.messageCredits })}
          {props.messageMoney && <> {t('chat.composer.messageMoney', { money: props.messageMoney })}</>}
          <span className="chat-balance"> · {t('chat.composer.balance', { count: props.balance })}</span>
        </span>
        <span
          id={counterId}
          className={`chat-counter${over > 0 ? ' is-over' : ''}`}
          aria-live={over > 0 ? 'polite' : 'off'}
        >
          {over > 0 ? (
            t('chat.composer.tooLong', { count: over })
          ) : (
            <>
              <span aria-hidden="true">
                {length}/{props.maxLength}
              </span>
              <span className="visually-hidden">
                {t('chat.composer.counter', { length, max: props.maxLength })}
              </span>
            </>
          )}
        </span>
      </div>
    </form>
  );
}
