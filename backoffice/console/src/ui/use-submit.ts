/**
 * A form's submit handler for the pages outside react-admin's resources: field errors from the back-office go under
 * their inputs (react-admin's Form reads what `onSubmit` returns), anything else above the form.
 */
import { useState } from 'react';
import { HttpError } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { fieldErrors, type ApiErrorDetails } from '../api/client.ts';

/** What to tell the person about a failed call that names no field. */
export function failureMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const { code, retry_after } = (error.body ?? {}) as Partial<ApiErrorDetails>;
    if (code === 'too_many_attempts' && retry_after) {
      const minutes = Math.ceil(retry_after / 60);
      return `Too many attempts: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    }
    return error.message;
  }
  return 'The back-office could not be reached: check your connection and try again.';
}

/** `Values`: the form's fields, as its inputs' `source` names them. */
export function useSubmit<Values extends FieldValues>(submit: (values: Values) => Promise<void>) {
  const [error, setError] = useState<string>();
  const onSubmit = async (values: FieldValues) => {
    setError(undefined);
    try {
      await submit(values as Values);
      return undefined;
    } catch (failure) {
      const byField = fieldErrors(failure);
      if (byField) return byField;
      setError(failureMessage(failure));
      return undefined;
    }
  };
  return { onSubmit, error };
}
