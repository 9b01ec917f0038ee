import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import './dialog.css';

/**
 * A modal dialog on the native <dialog> element: showModal() traps focus and makes the page
 * inert, Escape closes it, and focus returns to the element that opened it (also when the dialog
 * is unmounted while open). Labelled by its title.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  closeLabel,
  footer,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  closeLabel?: string;
  /** The dialog's own actions in place of the one Close button. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (opener.current instanceof HTMLElement) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  // A dialog its owner unmounts while open (rendered only when open) gives focus back all the same.
  useEffect(
    () => () => {
      const opened = opener.current;
      if (opened instanceof HTMLElement && opened.isConnected) opened.focus();
    },
    [],
  );

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="dialog__close" aria-label={t('ui.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="dialog__body">{children}</div>
      <div className="dialog__footer">
        {footer ?? (
          <button type="button" className="button button--primary" onClick={onClose}>
            {closeLabel ?? t('ui.close')}
          </button>
        )}
      </div>
    </dialog>
  );
}
