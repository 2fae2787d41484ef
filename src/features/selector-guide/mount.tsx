/** Loaded on the first click on a `[data-open-selector-guide]` element: React arrives only then. */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { SelectorGuide } from './SelectorGuide.tsx';

let root: Root | undefined;
let host: HTMLElement | undefined;

export function openSelectorGuide(opener: HTMLElement): void {
  if (!host || !host.isConnected) {
    host = document.createElement('div');
    host.dataset.selectorGuideHost = '';
    document.body.append(host);
    root = createRoot(host);
  }
  const close = () => {
    // The modal must be gone before focus can go back: while it is open the rest of the page is inert.
    flushSync(() => root?.render(null));
    opener.focus();
  };
  root?.render(<SelectorGuide key={Date.now()} onClose={close} />);
  // The modal closes on navigation like every overlay.
  document.addEventListener('astro:after-swap', () => root?.render(null), { once: true });
}
