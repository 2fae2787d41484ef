import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fieldErrors, toHttpError, unwrap } from './client.ts';

describe('toHttpError', () => {
  it('puts field errors under the form’s field names', () => {
    const error = toHttpError(new Response(null, { status: 400 }), {
      status: 'invalid_request',
      message: 'Invalid body.password',
      errors: [{ field: 'body.password', message: 'Your password needs 12 to 128 characters' }],
    });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid body.password');
    expect(fieldErrors(error)).toEqual({ password: 'Your password needs 12 to 128 characters' });
  });

  it('keeps the code, the current version of a conflict and how long to wait', () => {
    const conflict = toHttpError(new Response(null, { status: 409 }), {
      status: 'version_conflict',
      message: 'Changed meanwhile',
      current_version: 4,
    });
    expect(conflict.body).toEqual({ code: 'version_conflict', current_version: 4 });
    const limited = toHttpError(new Response(null, { status: 429, headers: { 'retry-after': '600' } }), {
      status: 'too_many_attempts',
      message: 'Too many attempts',
    });
    expect(limited.body).toEqual({ code: 'too_many_attempts', retry_after: 600 });
  });

  it('says which status came back when the answer has no error body', () => {
    const error = toHttpError(new Response(null, { status: 502, statusText: 'Bad Gateway' }), undefined);
    expect(error.message).toBe('The back-office answered 502 Bad Gateway');
  });
});

it('unwrap gives the data of a success and throws the HttpError of a failure', async () => {
  const ok = new Response('{}', { status: 200 });
  expect(await unwrap(Promise.resolve({ data: { data: 1 }, response: ok }))).toEqual({ data: 1 });
  const refused = new Response('{}', { status: 403 });
  await expect(
    unwrap(Promise.resolve({ error: { status: 'forbidden', message: 'Not allowed' }, response: refused })),
  ).rejects.toMatchObject({ status: 403, message: 'Not allowed' });
});
