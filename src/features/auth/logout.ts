/**
 * The account area's "Log out" button (`data-logout` in AccountNav.astro, `data-home` the audience's home): one
 * document listener, so pages swapped in by the ClientRouter need no rebinding. The session code loads on click.
 */
import { showToast } from '../toasts/toasts.store.ts';

document.addEventListener('click', (event) => {
  const button =
    event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-logout]') : null;
  if (!button || button.disabled) return;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = button.dataset.busyLabel ?? label;
  void import('./auth-session.ts')
    .then((session) => session.logOut(button.dataset.home ?? '/'))
    .catch((error: unknown) => {
      console.error('Logging out failed', error);
      button.disabled = false;
      button.textContent = label;
      showToast({ kind: 'danger' });
    });
});
