/**
 * Renders dialog islands on demand, each in its own React root at the end of <body> (loaded with the first one
 * opened, see open.ts). Every opening starts fresh; overlays close on navigation (spec §4).
 */
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

/** A dialog island: it renders a `<Dialog>` and calls `onClose` when the visitor closes it. */
export type DialogIsland = ComponentType<{ onClose: () => void }>;

const roots = new Map<string, { host: HTMLElement; root: Root }>();
let openings = 0;

export function mountDialogIsland(name: string, Island: DialogIsland): void {
  let entry = roots.get(name);
  if (!entry?.host.isConnected) {
    entry?.root.unmount();
    const host = document.createElement('div');
    host.dataset.dialogIsland = name;
    document.body.append(host);
    entry = { host, root: createRoot(host) };
    roots.set(name, entry);
  }
  const { root } = entry;
  root.render(<Island key={++openings} onClose={() => root.render(null)} />);
}

// Before the ClientRouter swaps the page, so cleanups (the scanner's camera) run while the dialog is still there.
document.addEventListener('astro:before-swap', () => {
  for (const { root } of roots.values()) flushSync(() => root.render(null));
});
