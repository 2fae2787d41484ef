import { expect, test } from 'vitest';
import { redactUrl, requestSerializer } from './logging.ts';

test('token values in the query are redacted, the rest stays', () => {
  expect(redactUrl('/preview/4?token=s3cret&x=1')).toBe('/preview/4?token=[redacted]&x=1');
  expect(redactUrl('/api/v1/page/preview/4?site_id=3&TOKEN=abc#top')).toBe(
    '/api/v1/page/preview/4?site_id=3&TOKEN=[redacted]#top',
  );
  expect(redactUrl('/search?tokens=1&q=token=2')).toBe('/search?tokens=1&q=token=2');
});

test('the request serializer logs method, url and id only', () => {
  expect(requestSerializer({ id: 'r1', method: 'GET', url: '/preview/1?token=abc' })).toEqual({
    id: 'r1',
    method: 'GET',
    url: '/preview/1?token=[redacted]',
  });
});
