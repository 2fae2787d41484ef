/**
 * Opens a dialog island from a plain page script (no React here): the island, React and the dialog kit load on
 * the first click only. `load` resolves to the island's component, which renders a `<Dialog>`.
 */
import type { DialogIsland } from './mount.tsx';

export async function openDialogIsland(
  name: string,
  opener: HTMLElement,
  load: () => Promise<DialogIsland>,
): Promise<void> {
  // Safari does not focus a clicked button; the dialog gives focus back to whatever had it when it opened.
  opener.focus({ preventScroll: true });
  const [{ mountDialogIsland }, Island] = await Promise.all([import('./mount.tsx'), load()]);
  mountDialogIsland(name, Island);
}
