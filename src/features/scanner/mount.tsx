/** Loaded on the first click on a `[data-open-scanner]` element: React and the scanner arrive only then. */
import { createRoot, type Root } from 'react-dom/client';
import { Scanner } from './Scanner.tsx';
import './scanner.css';

let root: Root | undefined;
let host: HTMLElement | undefined;

export function closeScanner(): void {
  root?.render(null);
}

export function openScanner(opener: HTMLElement): void {
  if (!host || !host.isConnected) {
    host = document.createElement('div');
    host.dataset.scannerHost = '';
    document.body.append(host);
    root = createRoot(host);
  }
  const close = () => {
    closeScanner();
    if (opener.isConnected) opener.focus();
  };
  // A new key each time: every opening starts fresh in camera mode.
  root?.render(<Scanner key={Date.now()} onClose={close} />);
}
