/** A form's message that belongs to no one field (wrong credentials, too many attempts, an expired link). */
import { Alert } from '@mui/material';

export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  ) : null;
}
