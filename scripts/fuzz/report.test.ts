import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { twoMegabyteBody, type FuzzRequest } from './cases.ts';
import { bytesExpression, causeKey, formatReport, groupFailures, reproduction } from './report.ts';
import type { FailureRecord, FuzzReport } from './run.ts';

const evaluate = (expression: string) =>
  Buffer.from(new Function(`return ${expression}`)() as string, 'latin1');

function request(fields: Partial<FuzzRequest> = {}): FuzzRequest {
  return {
    target: 'backoffice',
    route: 'GET /api/v1/faq',
    name: 'query tag: nul',
    method: 'GET',
    path: '/api/v1/faq?site_id=3&tag=%00',
    headers: { 'user-agent': 'plasterwick-fuzz/1', accept: '*/*' },
    quick: false,
    ...fields,
  };
}

function record(
  fields: Partial<FuzzRequest>,
  kind: FailureRecord['failure']['kind'] = 'server error',
): FailureRecord {
  return {
    request: request(fields),
    origin: 'http://127.0.0.1:4000',
    failure: { kind, detail: '500' },
    status: 500,
    bodyStart: '{"status":"server_error"}',
  };
}

describe('bytesExpression', () => {
  it('rebuilds any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(evaluate(bytesExpression(Buffer.from(bytes)))).toEqual(Buffer.from(bytes));
      }),
    );
  });

  it('writes long runs with repeat, so a 2 MB body or deep nesting stays one short line', () => {
    const big = bytesExpression(twoMegabyteBody());
    expect(big).toBe('"{\\"message\\":\\""+"a".repeat(2097152)+"\\"}"');
    const deep = bytesExpression(Buffer.from('{"a":'.repeat(5000) + '1' + '}'.repeat(5000)));
    expect(deep.length).toBeLessThan(80);
    expect(evaluate(deep).toString()).toBe('{"a":'.repeat(5000) + '1' + '}'.repeat(5000));
  });
});

describe('reproduction', () => {
  it('is a curl command with the exact path, method, headers and body', () => {
    expect(reproduction(request(), 'http://127.0.0.1:4000')).toBe(
      "curl -si --path-as-is -g 'http://127.0.0.1:4000/api/v1/faq?site_id=3&tag=%00'",
    );
    const put = request({
      method: 'PUT',
      path: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"id":"abc"}'),
    });
    expect(reproduction(put, 'http://127.0.0.1:4000')).toBe(
      "curl -si --path-as-is -g -X PUT -H 'content-type: application/json' -H 'Expect:' " +
        `--data-binary '{"id":"abc"}' 'http://127.0.0.1:4000/api/v1/contact'`,
    );
  });

  it('names the method when curl would pick another (a GET with a body)', () => {
    const get = request({ body: Buffer.from('{}'), headers: {} });
    expect(reproduction(get, 'http://127.0.0.1:4000')).toContain(
      "curl -si --path-as-is -g -X GET -H 'Expect:'",
    );
    expect(reproduction(request({ method: 'POST', body: Buffer.from('{}') }), 'http://x:1')).not.toContain(
      '-X',
    );
  });

  it('builds non-printable bodies with node, and raw requests with bash /dev/tcp', () => {
    const bytes = request({ method: 'POST', body: Buffer.from([0x22, 0xc0, 0xae, 0x22]) });
    expect(reproduction(bytes, 'http://127.0.0.1:4000')).toContain(
      `--data-binary @<(node -e 'process.stdout.write(Buffer.from("\\"À®\\"","latin1"))')`,
    );
    const raw = request({ raw: Buffer.from('GET /\xc0 HTTP/1.1\r\n\r\n', 'latin1') });
    expect(reproduction(raw, 'http://127.0.0.1:4321')).toBe(
      `bash -c 'exec 3<>/dev/tcp/127.0.0.1/4321; printf "%b" "GET /\\xc0 HTTP/1.1\\x0d\\x0a\\x0d\\x0a" >&3; timeout 5 cat <&3'`,
    );
  });
});

describe('grouping and summary', () => {
  const records = [
    record({}),
    record({}),
    record({ route: 'GET /api/v1/page', name: 'query type: nul' }),
    record({ target: 'storefront', name: 'query tag: nul' }),
  ];

  it('groups by route and case, and by cause across routes and parameters', () => {
    expect(groupFailures(records).map((group) => group.count)).toEqual([2, 1, 1]);
    expect(causeKey(records[2]!)).toBe('server error | backoffice | query: nul');
    expect(causeKey(records[3]!)).toBe('server error | proxy | query: nul');
    expect(groupFailures(records, causeKey).map((group) => [group.key, group.count])).toEqual([
      ['server error | backoffice | query: nul', 3],
      ['server error | proxy | query: nul', 1],
    ]);
  });

  it('prints the figures, then causes and routes with an example each', () => {
    const report: FuzzReport = {
      planned: 10,
      sent: 8,
      byStatusClass: { '4xx': 4, '5xx': 4 },
      rateLimited: 1,
      uploadResets: 0,
      durationMs: 2000,
      operations: 3,
      stoppedBy: 'requests',
      failures: records,
    };
    const text = formatReport(report);
    expect(text).toContain('fuzz: 8 of 10 planned requests in 2.0 s (4 requests/s; stopped by requests)');
    expect(text).toContain('statuses: 4xx 4, 5xx 4 (429: 1)');
    expect(text).toContain('failures: 4 in 3 groups (server error 4)');
    expect(text).toContain("curl -si --path-as-is -g 'http://127.0.0.1:4000/api/v1/faq?site_id=3&tag=%00'");
    expect(formatReport({ ...report, failures: [] })).toContain('failures: none');
  });
});
