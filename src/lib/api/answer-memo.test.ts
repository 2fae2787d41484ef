import { describe, expect, it, vi } from 'vitest';
import { AnswerMemo } from './answer-memo.ts';

describe('the answer memo', () => {
  it('loads each key once, concurrent callers sharing the answer', async () => {
    const memo = new AnswerMemo<string>(10);
    const load = vi.fn(async () => 'answer');
    const [a, b] = await Promise.all([memo.get('k', load), memo.get('k', load)]);
    expect([a, b, await memo.get('k', load)]).toEqual(['answer', 'answer', 'answer']);
    expect(load).toHaveBeenCalledOnce();
    await memo.get('other', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed call, so the next caller asks again', async () => {
    const memo = new AnswerMemo<string>(10);
    await expect(memo.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(memo.size).toBe(0);
    expect(await memo.get('k', async () => 'up')).toBe('up');
  });

  it('drops the least recently used entry beyond its bound', async () => {
    const memo = new AnswerMemo<string>(2);
    const load = vi.fn(async () => 'x');
    await memo.get('a', load);
    await memo.get('b', load);
    await memo.get('a', load);
    await memo.get('c', load);
    expect(memo.size).toBe(2);
    expect(load).toHaveBeenCalledTimes(3);
    await memo.get('a', load);
    expect(load).toHaveBeenCalledTimes(3);
    await memo.get('b', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
