/**
 * The account pages' always-loaded script (a few hundred bytes): on each page load (a ClientRouter navigation
 * too) it loads the controller of the account page shown, which brings the API client, zod and the shared rules.
 */
const controllers = {
  orders: () => import('./orders-page.ts'),
  order: () => import('./order-page.ts'),
  addresses: () => import('./addresses-page.ts'),
  wishlist: () => import('./wishlist-page.ts'),
  trade: () => import('./trade-page.ts'),
} as const;

function startPage(): void {
  const root = document.querySelector<HTMLElement>('[data-account-page]');
  const kind = root?.dataset.accountPage as keyof typeof controllers | undefined;
  if (!root || !kind || !(kind in controllers)) return;
  void controllers[kind]()
    .then((module) => module.start(root))
    .catch((error: unknown) => console.error('The account page could not start', error));
}

document.addEventListener('astro:page-load', startPage);

// A module (not a global script): its names stay its own.
export {};
