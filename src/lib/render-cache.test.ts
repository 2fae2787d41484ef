import { describe, expect, it, vi } from 'vitest';
import { renderOnce } from './render-cache.ts';

describe('renderOnce', () => {
  it('renders once per owner and variant, and again for another owner or variant', async () => {
    const owner = {};
    const render = vi.fn(async () => '<nav>menu</nav>');
    expect(await renderOnce(owner, 'pro', render)).toBe('<nav>menu</nav>');
    expect(await renderOnce(owner, 'pro', render)).toBe('<nav>menu</nav>');
    expect(render).toHaveBeenCalledTimes(1);
    await renderOnce(owner, 'part', render);
    await renderOnce({}, 'pro', render);
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('shares a render in progress and forgets one that failed', async () => {
    const owner = {};
    let fail = true;
    const render = vi.fn(async () => {
      if (fail) throw new Error('back-office down');
      return '<footer></footer>';
    });
    const [first, second] = await Promise.allSettled([
      renderOnce(owner, 'footer', render),
      renderOnce(owner, 'footer', render),
    ]);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('rejected');
    expect(render).toHaveBeenCalledTimes(1);
    fail = false;
    expect(await renderOnce(owner, 'footer', render)).toBe('<footer></footer>');
  });
});
