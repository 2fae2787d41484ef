/**
 * The fuzz run's summary: figures, then the failures grouped by (target, route, case, kind) with one example each,
 * given as a command that reproduces it (curl, or printf | nc for raw requests). Pure.
 */
import type { FuzzRequest } from './cases.ts';
import type { FailureRecord, FuzzReport } from './run.ts';

export interface FailureGroup {
  key: string;
  count: number;
  example: FailureRecord;
}

/** The grouping key: where it went, what route, what was hostile, what went wrong. */
export function groupKey(record: FailureRecord): string {
  const { request, failure } = record;
  const where =
    request.target === 'storefront' && request.route.includes(' /api/v1') ? 'proxy' : request.target;
  return `${failure.kind} | ${where} | ${request.route} | ${request.name}`;
}

/**
 * The cause key: the same failure for the same kind of hostile input, whatever the route and parameter
 * (`query type: nul` and `query tag: nul` are one cause). The short list a reader starts from.
 */
export function causeKey(record: FailureRecord): string {
  const { request, failure } = record;
  const where =
    request.target === 'storefront' && request.route.includes(' /api/v1') ? 'proxy' : request.target;
  const family = request.name.replace(
    /^(path|query|body|segment|filters|answers|id|token|target) [^:]*:/,
    '$1:',
  );
  return `${failure.kind} | ${where} | ${family}`;
}

/** Failures grouped by `key` (groupKey by default), sorted by key. */
export function groupFailures(
  records: readonly FailureRecord[],
  keyOf: (record: FailureRecord) => string = groupKey,
): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const record of records) {
    const key = keyOf(record);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { key, count: 1, example: record });
  }
  return [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * `bytes` as a JavaScript expression that rebuilds it, with runs of a repeated unit (up to 8 bytes) written as
 * `.repeat(n)`: a 2 MB body or 5,000 nested brackets stay one short line.
 */
export function bytesExpression(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const parts: string[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    let best: { unit: string; count: number } | undefined;
    for (let size = 1; size <= 8 && i + size * 2 <= text.length; size++) {
      const unit = text.slice(i, i + size);
      let count = 1;
      while (text.startsWith(unit, i + count * size)) count += 1;
      if (count * size >= 32 && (!best || count * size > best.count * best.unit.length))
        best = { unit, count };
    }
    if (best) {
      if (literal) parts.push(JSON.stringify(literal));
      literal = '';
      parts.push(`${JSON.stringify(best.unit)}.repeat(${best.count})`);
      i += best.unit.length * best.count;
    } else {
      literal += text[i];
      i += 1;
    }
  }
  if (literal || parts.length === 0) parts.push(JSON.stringify(literal));
  return parts.join('+');
}

function isPlain(bytes: Buffer): boolean {
  return bytes.length <= 400 && /^[\x20-\x7e]*$/.test(bytes.toString('latin1'));
}

/** A shell word for `value`: single-quoted when plain, else built by node (any byte, any length). */
function shellWord(value: Buffer): string {
  if (isPlain(value)) return `'${value.toString('latin1').replace(/'/g, `'\\''`)}'`;
  return `"$(node -e 'process.stdout.write(Buffer.from(${bytesExpression(value).replace(/'/g, `'\\''`)},"latin1"))')"`;
}

/** A command that sends `request` again: curl with the exact path, or bash /dev/tcp for a raw request. */
export function reproduction(request: FuzzRequest, origin: string): string {
  const url = new URL(origin);
  if (request.raw) {
    const escaped = [...request.raw]
      .map((byte) => {
        const char = String.fromCharCode(byte);
        // Only characters no shell quoting touches stay as they are; printf %b rebuilds the rest.
        return /[\w /:.,;=?&+-]/.test(char) ? char : `\\x${byte.toString(16).padStart(2, '0')}`;
      })
      .join('');
    return `bash -c 'exec 3<>/dev/tcp/${url.hostname}/${url.port}; printf "%b" "${escaped}" >&3; timeout 5 cat <&3'`;
  }
  const parts = ['curl -si --path-as-is -g'];
  // curl's own method is POST when it sends a body, GET otherwise.
  if (request.method !== (request.body ? 'POST' : 'GET')) parts.push(`-X ${request.method}`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'user-agent' || (name === 'accept' && value === '*/*')) continue;
    parts.push(`-H ${shellWord(Buffer.from(`${name}: ${value}`, 'latin1'))}`);
  }
  // curl sends Expect: 100-continue on its own for large bodies: an empty header turns that off.
  if (request.body && !('expect' in request.headers)) parts.push(`-H 'Expect:'`);
  if (request.body) {
    parts.push(
      isPlain(request.body)
        ? `--data-binary ${shellWord(request.body)}`
        : `--data-binary @<(node -e 'process.stdout.write(Buffer.from(${bytesExpression(request.body).replace(/'/g, `'\\''`)},"latin1"))')`,
    );
  }
  parts.push(shellWord(Buffer.from(`${url.origin}${request.path}`, 'latin1')));
  return parts.join(' ');
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The summary printed by the CLI (and by the e2e test when it fails). */
export function formatReport(report: FuzzReport): string {
  const seconds = report.durationMs / 1000;
  const classes = Object.entries(report.byStatusClass)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  const lines = [
    `fuzz: ${report.sent} of ${report.planned} planned requests in ${seconds.toFixed(1)} s ` +
      `(${(report.sent / Math.max(seconds, 0.001)).toFixed(0)} requests/s; stopped by ${report.stoppedBy}), ` +
      `${report.operations} API operations`,
    `statuses: ${classes || 'none'}${report.rateLimited ? ` (429: ${report.rateLimited})` : ''}` +
      (report.uploadResets
        ? `; ${report.uploadResets} connections closed by the server during an oversized upload (not failures)`
        : ''),
  ];
  const groups = groupFailures(report.failures);
  if (groups.length === 0) {
    lines.push('failures: none');
    return lines.join('\n');
  }
  const kinds = new Map<string, number>();
  for (const record of report.failures)
    kinds.set(record.failure.kind, (kinds.get(record.failure.kind) ?? 0) + 1);
  lines.push(
    `failures: ${report.failures.length} in ${groups.length} groups ` +
      `(${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')})`,
    '',
  );
  const causes = groupFailures(report.failures, causeKey);
  lines.push(`causes (${causes.length}), each with one example:`);
  for (const cause of causes) {
    const { example } = cause;
    lines.push(
      `• ${cause.key}  ×${cause.count}  e.g. ${example.request.route}`,
      `    ${example.failure.detail}${example.status !== undefined ? `; status ${example.status}` : ''}`,
      `    ${reproduction(example.request, example.origin).slice(0, 600)}`,
    );
  }
  lines.push('', `by route (${groups.length}):`);
  for (const group of groups) {
    const { example } = group;
    lines.push(
      `✗ ${group.key}  ×${group.count}`,
      `    ${example.failure.detail}${example.status !== undefined ? `; status ${example.status}` : ''}`,
      `    ${reproduction(example.request, example.origin).slice(0, 600)}`,
    );
    if (example.bodyStart) lines.push(`    body: ${oneLine(example.bodyStart, 200)}`);
  }
  return lines.join('\n');
}
