import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and gives
 * Escape; Bootstrap's modal classes give the look. `onCancel` decides what Escape does; the element
 * marked `data-autofocus` gets the focus when it opens. `onBackdropClick` hears a click beside the
 * dialog; `onClose` with `closeLabel` adds a close button to the header.
 */
export function Dialog(props: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  onCancel?: () => void;
  onBackdropClick?: () => void;
  onClose?: () => void;
  closeLabel?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) {
      dialog.showModal();
      // The primary action takes focus rather than the first control in the dialog.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's way out is Escape (onCancel); the click is only the backdrop's
    <dialog
      ref={ref}
      className={`app-dialog ${props.className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel?.();
      }}
      // Chrome closes a dialog on a second Escape even when the first was refused; one that is
      // still meant to be open opens again.
      onClose={(e) => {
        if (props.open && !e.currentTarget.open) e.currentTarget.showModal();
      }}
      onClick={(e) => {
        // The content fills the dialog, so a click on the dialog element itself is on the backdrop.
        if (e.target === e.currentTarget) props.onBackdropClick?.();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 className="modal-title h5" id={titleId}>
            {props.title}
          </h2>
          {props.onClose && props.closeLabel && (
            <button
              type="button"
              className="dialog-close"
              aria-label={props.closeLabel}
              onClick={props.onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="modal-body">{props.children}</div>
        {props.footer && <div className="modal-footer">{props.footer}</div>}
      </div>
    </dialog>
  );
}
