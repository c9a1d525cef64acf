import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and gives
 * Escape; Bootstrap's modal classes give the look. `onCancel` decides what Escape does; the element
 * marked `data-autofocus` gets the focus when it opens.
 */
export function Dialog(props: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  onCancel?: () => void;
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
    <dialog
      ref={ref}
      className={`app-dialog ${props.className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel?.();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 className="modal-title h5" id={titleId}>
            {props.title}
          </h2>
        </div>
        <div className="modal-body">{props.children}</div>
        {props.footer && <div className="modal-footer">{props.footer}</div>}
      </div>
    </dialog>
  );
}
