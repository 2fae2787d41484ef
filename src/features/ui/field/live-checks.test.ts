import { describe, expect, it } from 'vitest';
import { pressGuard } from './live-checks.ts';

describe('pressGuard', () => {
  it('runs a check at once when no pointer is pressed', () => {
    const ran: string[] = [];
    const guard = pressGuard(() => ran.push('later'));
    guard.run('email', () => ran.push('email'));
    expect(ran).toEqual(['email']);
  });

  it('holds checks while a pointer is pressed and runs each field once after the release', () => {
    const ran: string[] = [];
    let later: (() => void) | undefined;
    const guard = pressGuard((flush) => (later = flush));
    guard.press();
    guard.run('company_number', () => ran.push('first'));
    guard.run('company_number', () => ran.push('company_number'));
    guard.run('email', () => ran.push('email'));
    expect(ran).toEqual([]);
    guard.release();
    expect(ran).toEqual([]);
    later?.();
    expect(ran).toEqual(['company_number', 'email']);
  });

  it('keeps holding when a new press starts before the held checks run', () => {
    const ran: string[] = [];
    const flushes: (() => void)[] = [];
    const guard = pressGuard((flush) => flushes.push(flush));
    guard.press();
    guard.run('email', () => ran.push('email'));
    guard.release();
    guard.press();
    flushes.shift()?.();
    expect(ran).toEqual([]);
    guard.release();
    flushes.shift()?.();
    expect(ran).toEqual(['email']);
  });

  it('asks for no later run when nothing is held', () => {
    let asked = 0;
    const guard = pressGuard(() => asked++);
    guard.press();
    guard.release();
    expect(asked).toBe(0);
  });
});
