/**
 * The storefront's one modal dialog for React islands: a native `<dialog>` opened with `showModal()` (page inert,
 * Escape closes), labelled by its heading, described by `description`, with a close button, focus wrapped inside
 * and given back to the opener, page scroll locked (dialog.css). `variant="drawer"` makes it a side sheet.
 * It is open while mounted with `open` true; the visitor's close requests (× button, Escape, a
 * `<form method="dialog">`) call `onClose`, and the parent unmounts it or sets `open` false.
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { keepTabInside, openModal } from './modal.ts';
import './dialog.css';

export interface DialogProps {
  /** The heading (an h2), which also names the dialog. */
  title: ReactNode;
  /** Accessible name of the × button, e.g. "Close the selector guide". */
  closeLabel: string;
  /** The visitor asked to close. */
  onClose: () => void;
  /** A line under the heading that describes the dialog. */
  description?: ReactNode;
  open?: boolean;
  variant?: 'modal' | 'drawer';
  /** The feature's own class, for its width and content styles. */
  className?: string;
  children: ReactNode;
}

export function Dialog({
  title,
  closeLabel,
  onClose,
  description,
  open = true,
  variant = 'modal',
  className,
  children,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const closing = useRef(false);

  // A layout effect, so the cleanup closes the dialog (and the page stops being inert) before React removes it.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    closing.current = false;
    const close = openModal(element);
    return () => {
      closing.current = true;
      close();
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      tabIndex={-1}
      className={['dialog', variant === 'drawer' && 'dialog--drawer', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onKeyDown={(event) => keepTabInside(event.currentTarget, event)}
      onCancel={(event) => {
        // Escape: the parent decides (it unmounts the dialog or sets `open` false), as for the × button.
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        // Closed by the browser (a `<form method="dialog">`, a forced Escape), not by this component.
        if (!closing.current && !event.currentTarget.open) onClose();
      }}
    >
      <div className="dialog__header">
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="dialog__close" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {description && (
        <p id={`${id}-description`} className="dialog__description">
          {description}
        </p>
      )}
      {children}
    </dialog>
  );
}
