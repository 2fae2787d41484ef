/**
 * The shared script every page carries (vanilla TypeScript on nanostores, no React): header search, favourites
 * heart and toggles, compare toggles and badges, basket badge and add-to-basket buttons, toasts, loading bar,
 * go-to-top, device class, audience sync, consent, video embeds, page views, chunk-load recovery and the openers
 * of the dialog islands (selector guide, scanner, basket drawer).
 * Document-level listeners are bound once; page elements are (re)bound on every `astro:page-load`, since the
 * ClientRouter swaps the body without reloading this module.
 */
import { navigate } from 'astro:transitions/client';
import { $cartCount, OPEN_BASKET_EVENT, cartNeedsSync, dropStaleCart } from '../cart/cart.store.ts';
import { compareStore } from '../compare/compare.store.ts';
import { $favourites, $hasFavourites, toggleFavourite } from '../favourites/favourites.store.ts';
import { bindSearchBox, type SearchBox } from '../search/search-box.ts';
import { renderToasts } from '../toasts/toast-region.ts';
import { $toasts, showToast } from '../toasts/toasts.store.ts';
import { openDialogIsland } from '../ui/dialog/open.ts';
import {
  $consent,
  chooseConsent,
  hasConsent,
  initConsent,
  openConsentPreferences,
  renderConsentBanner,
  swapVideos,
} from './consent.ts';
import { $device, watchDevice } from './device.store.ts';
import { LoadingBar } from './loading-bar.ts';
import { scrollToTop, showGoToTop } from './scroll-top.ts';
import { $plan, audienceFromPath, syncPlanWithPath } from './settings.store.ts';
import { text } from '../../i18n/islands-text.ts';
import { trackPageView } from './tracking.ts';

const all = <T extends Element = HTMLElement>(selector: string) => [
  ...document.querySelectorAll<T>(selector),
];
const productId = (element: HTMLElement, attribute: string) => Number(element.getAttribute(attribute));

// ---- state → DOM -------------------------------------------------------------------------------------------

function renderFavourites() {
  const ids = $favourites.get();
  for (const button of all('[data-favourite-toggle]')) {
    const on = ids.includes(productId(button, 'data-favourite-toggle'));
    button.setAttribute('aria-pressed', String(on));
  }
  // The header's favourites link (Header.astro) and the toolbar tile: a full heart when any exist.
  const filled = $hasFavourites.get();
  for (const link of all('[data-favourites-link]')) {
    link.dataset.filled = String(filled);
    if (link.dataset.labelSome) {
      if (filled) link.setAttribute('aria-label', link.dataset.labelSome);
      else link.removeAttribute('aria-label');
    }
  }
}

function renderCompare() {
  const items = compareStore.$state.get().items;
  for (const button of all('[data-compare-toggle]')) {
    const on = items.some((item) => item.id === productId(button, 'data-compare-toggle'));
    button.setAttribute('aria-pressed', String(on));
  }
  for (const badge of all('[data-compare-count]')) {
    badge.textContent = String(items.length);
    badge.hidden = items.length === 0;
  }
}

/** The header's basket: the sum of the quantities in the badge and in the link's name ("Basket, 3 items"). */
function renderBasket() {
  const count = $cartCount.get();
  for (const badge of all('[data-basket-count]')) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }
  for (const link of all('[data-basket-link]')) {
    const { labelNone, labelOne, labelOther } = link.dataset;
    const template = count === 0 ? labelNone : count === 1 ? labelOne : labelOther;
    const name = link.querySelector('[data-basket-name]');
    if (name && template) name.textContent = template.replace('{{count}}', String(count));
  }
}

// ---- behaviours ----------------------------------------------------------------------------------------------

async function onCompareClick(button: HTMLElement) {
  const id = productId(button, 'data-compare-toggle');
  if (!Number.isInteger(id) || id <= 0) return;
  button.setAttribute('aria-busy', 'true');
  try {
    const { loadComparedProduct } = await import('../compare/compare-add.ts');
    const outcome = await compareStore.toggle(id, loadComparedProduct, $device.get().mobile);
    if (outcome?.kind === 'limit')
      showToast({ kind: 'danger', text: text('compare.limit', { count: outcome.limit }) });
    else if (outcome)
      showToast({ text: text(outcome.kind === 'added' ? 'compare.added' : 'compare.removed') });
  } catch (error) {
    console.error(error);
    showToast({ kind: 'danger' });
  } finally {
    button.removeAttribute('aria-busy');
  }
}

const loadingBar = new LoadingBar(({ visible, progress }) => {
  const bar = document.querySelector<HTMLElement>('[data-loading-bar]');
  if (!bar) return;
  bar.hidden = !visible;
  bar.style.setProperty('--progress', String(progress));
  bar.setAttribute('aria-valuenow', String(Math.round(progress * 100)));
});

function updateGoToTop() {
  const show = showGoToTop(window.scrollY, window.innerHeight);
  for (const button of all('[data-go-to-top]')) button.hidden = !show;
}

const loadBasketDrawer = () => import('../cart/BasketDrawer.tsx').then((module) => module.BasketDrawer);

/** Dialogs any page can open with a `data-open-<name>` button: each island loads on its first opening. */
const DIALOG_ISLANDS = [
  [
    'selector-guide',
    () => import('../selector-guide/SelectorGuide.tsx').then((module) => module.SelectorGuide),
  ],
  ['scanner', () => import('../scanner/Scanner.tsx').then((module) => module.Scanner)],
  ['basket', loadBasketDrawer],
] as const;

async function onAddToBasketClick(button: HTMLElement) {
  const { addFromButton } = await import('../cart/add-to-basket.ts');
  await addFromButton(button);
}

// ---- binding -------------------------------------------------------------------------------------------------

const searchBoxes = new WeakMap<HTMLFormElement, SearchBox>();

function onPageLoad() {
  const audience = audienceFromPath(window.location.pathname);
  syncPlanWithPath(window.location.pathname);
  // Spec §4: switching audience resets the comparator.
  compareStore.syncAudience(audience);
  for (const form of all<HTMLFormElement>('form[data-search-form]')) {
    const existing = searchBoxes.get(form);
    // The header may persist across navigations: then only its text and suggestions are reset.
    if (existing) existing.reset();
    else
      searchBoxes.set(
        form,
        bindSearchBox(
          form,
          () => $plan.get().target,
          (url) => void navigate(url),
        ),
      );
  }
  renderFavourites();
  renderCompare();
  // Spec §4: an expired token means the server has forgotten the cart; an old local basket or a cart priced in
  // the other audience is brought up to date (the API client loads only then).
  dropStaleCart();
  renderBasket();
  if (cartNeedsSync())
    void import('../cart/cart-sync.ts').then((module) => module.syncCart()).catch(console.error);
  renderToasts();
  updateGoToTop();
  swapVideos(document);
  trackPageView(
    window as unknown as { dataLayer?: unknown[] },
    { page_path: window.location.pathname, page_name: document.title },
    hasConsent('analytics'),
  );
}

function bindOnce() {
  watchDevice(window, document.documentElement);
  initConsent();
  $favourites.listen(renderFavourites);
  compareStore.$state.listen(renderCompare);
  $cartCount.listen(renderBasket);
  $toasts.listen(renderToasts);
  $consent.listen(() => {
    swapVideos(document);
    // Answered: the banner goes, and focus, if it was on one of its buttons, moves to the page's content.
    const banner = document.querySelector('[data-consent-banner]');
    const hadFocus = banner?.contains(document.activeElement) ?? false;
    renderConsentBanner();
    if (hadFocus) document.querySelector<HTMLElement>('#main-content')?.focus();
  });

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const favourite = target?.closest<HTMLElement>('[data-favourite-toggle]');
    if (favourite) {
      event.preventDefault();
      toggleFavourite(productId(favourite, 'data-favourite-toggle'));
      return;
    }
    const compare = target?.closest<HTMLElement>('[data-compare-toggle]');
    if (compare) {
      event.preventDefault();
      void onCompareClick(compare);
      return;
    }
    const addToBasket = target?.closest<HTMLElement>('[data-add-to-basket]');
    if (addToBasket) {
      event.preventDefault();
      void onAddToBasketClick(addToBasket).catch(console.error);
      return;
    }
    for (const [name, load] of DIALOG_ISLANDS) {
      const opener = target?.closest<HTMLElement>(`[data-open-${name}]`);
      if (!opener) continue;
      // A link opener (the header's basket) still opens in a new tab or window when asked to.
      if (event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey)) return;
      event.preventDefault();
      void openDialogIsland(name, opener, load);
      return;
    }
    if (target?.closest('[data-go-to-top]')) {
      void scrollToTop(window).then(() =>
        document.querySelector<HTMLElement>('#main, main')?.focus({ preventScroll: true }),
      );
      return;
    }
    const consentChoice = target?.closest<HTMLElement>('[data-consent-choice]');
    if (consentChoice) {
      void chooseConsent(consentChoice.dataset.consentChoice === 'all' ? 'all' : 'necessary');
      return;
    }
    if (target?.closest('[data-cookie-settings]')) {
      event.preventDefault();
      void openConsentPreferences();
      return;
    }
    if (target?.closest('[data-youtube-id] button') && !hasConsent('video')) {
      event.preventDefault();
      void openConsentPreferences();
    }
  });
  // "View basket" in an add-to-basket toast (cart.store.ts openBasketDrawer).
  document.addEventListener(OPEN_BASKET_EVENT, (event) => {
    const opener = (event as CustomEvent<{ opener?: HTMLElement }>).detail?.opener;
    const fallback = document.querySelector<HTMLElement>('[data-open-basket]');
    const returnTo = opener?.isConnected ? opener : fallback;
    if (returnTo) void openDialogIsland('basket', returnTo, loadBasketDrawer).catch(console.error);
  });
  window.addEventListener('scroll', updateGoToTop, { passive: true });
  window.addEventListener('resize', updateGoToTop, { passive: true });
  // Spec §4: a chunk that fails to load (a deploy replaced it) reloads the page.
  window.addEventListener('vite:preloadError', () => window.location.reload());
  document.addEventListener('astro:before-preparation', () => loadingBar.start());
  // The swap gives <html> the new page's attributes: the banner's state is set again before it is painted.
  document.addEventListener('astro:after-swap', renderConsentBanner);
  document.addEventListener('astro:page-load', () => {
    loadingBar.finish();
    onPageLoad();
  });
}

bindOnce();
// Without the ClientRouter there is no astro:page-load event: bind the page now.
if (!document.querySelector('meta[name="astro-view-transitions-enabled"]')) onPageLoad();
