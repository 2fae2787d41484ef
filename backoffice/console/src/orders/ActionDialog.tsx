/**
 * The dialog of one order action: a form whose first field takes the focus and whose Enter submits, so an order can
 * be handled with the keyboard alone. The submit button stays disabled while the call runs (a double click sends
 * once); a refusal is shown in the dialog, in words, and the dialog stays open.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

export interface ActionDialogProps {
  title: string;
  submitLabel: string;
  onClose(): void;
  /** Does the action; throws what to show the person when it fails, or resolves once done. */
  onSubmit(): Promise<void>;
  /** What the dialog says and the form's fields; the first field has `autoFocus`. */
  children?: ReactNode;
  /** A dialog without fields, that asks to confirm: its submit button takes the focus. */
  confirmOnly?: boolean;
  /** Why the form cannot be sent as it is (checked before any call), shown in the dialog. */
  problem?: string | undefined;
}

export function ActionDialog(props: ActionDialogProps) {
  const { title, submitLabel, onClose, onSubmit, children, problem, confirmOnly = false } = props;
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [tried, setTried] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || problem) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onSubmit();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  const shown = failure ?? (tried ? problem : undefined);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {shown ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {shown}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Go back
          </Button>
          <Button type="submit" variant="contained" disabled={busy} autoFocus={confirmOnly}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
