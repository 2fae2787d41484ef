/**
 * The checkout pages' always-loaded script (a few hundred bytes): on each page load (a ClientRouter navigation
 * too) it loads the controller of the checkout page shown, which brings the API client, zod and the shared rules.
 */
const controllers = {
  delivery: () => import('./delivery-page.ts'),
  payment: () => import('./payment-page.ts'),
  confirmation: () => import('./confirmation-page.ts'),
} as const;

function startPage(): void {
  const root = document.querySelector<HTMLElement>('[data-checkout-page]');
  const kind = root?.dataset.checkoutPage as keyof typeof controllers | undefined;
  if (!root || !kind || !(kind in controllers)) return;
  void controllers[kind]()
    .then((module) => module.start(root))
    .catch((error: unknown) => console.error('The checkout could not start', error));
}

document.addEventListener('astro:page-load', startPage);
