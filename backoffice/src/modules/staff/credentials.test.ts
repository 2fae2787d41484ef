import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpEnrolment, totpStep } from './credentials.ts';

const at = new Date('2026-11-24T09:00:10Z');
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

describe('TOTP', () => {
  it('accepts the code of now and of one step either side, and gives its step', async () => {
    const secret = newTotpSecret();
    const step = Math.floor(epoch(at) / 30);
    expect(await totpStep(secret, await generate({ secret, epoch: epoch(at) }), at, null)).toBe(step);
    const earlier = await generate({ secret, epoch: epoch(at) - 30 });
    expect(await totpStep(secret, earlier, at, null)).toBe(step - 1);
    const twoLater = await generate({ secret, epoch: epoch(at) + 60 });
    expect(await totpStep(secret, twoLater, at, null)).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one', async () => {
    const secret = newTotpSecret();
    const step = Math.floor(epoch(at) / 30);
    const code = await generate({ secret, epoch: epoch(at) });
    expect(await totpStep(secret, code, at, step)).toBeNull();
    expect(await totpStep(secret, code, at, step - 1)).toBe(step);
    expect(await totpStep(secret, 'abcdef', at, null)).toBeNull();
  });

  it('draws the QR code itself as SVG, with the key as text in the URI', async () => {
    const secret = newTotpSecret();
    const enrolment = await totpEnrolment(secret, 'jo@example.co.uk');
    expect(enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Plasterwick%20staff:jo%40example\.co\.uk\?/);
    expect(enrolment.qr_svg.startsWith('<svg')).toBe(true);
  });
});

describe('recovery codes', () => {
  it('are ten different codes of 16 characters, matched whatever the case or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
    const code = codes[0]!;
    expect(recoveryCodeHash(code.toUpperCase().replaceAll('-', ' '))).toBe(recoveryCodeHash(code));
  });
});
