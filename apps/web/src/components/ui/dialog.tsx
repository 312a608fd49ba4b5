import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './icon';
import './dialog.css';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Without it the dialog is mandatory: no close button, Escape and the backdrop do nothing. */
  closeLabel?: string;
  children: ReactNode;
  testId?: string;
};

/**
 * A modal on the native <dialog>: the browser traps focus, makes the rest inert, closes on
 * Escape and gives focus back. The content mounts only while open (lazy parts load on demand).
 */
export function Dialog({ open, onClose, title, closeLabel, children, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onCancel={(event) => {
        if (!closeLabel) event.preventDefault();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside the panel.
        if (closeLabel && event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="dialog__panel">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">{title}</h2>
            {closeLabel && (
              <button type="button" className="dialog__close" aria-label={closeLabel} onClick={onClose}>
                <Icon name="close" size={22} />
              </button>
            )}
          </header>
          <div className="dialog__body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
