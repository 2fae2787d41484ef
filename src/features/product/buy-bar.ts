/**
 * The phone's compact buy bar (BuyBar.astro): it slides in above the mobile toolbar once the product's buy box has
 * scrolled up out of view, and out again when the box comes back. It is fixed and moves by transform, so nothing
 * on the page shifts. Its button submits the buy box's own form (same pack, same quantity, same feedback).
 */
const SHOWN = 'data-buy-bar-shown';
let observer: IntersectionObserver | undefined;

function toolbarHeight(): number {
  const toolbar = document.querySelector<HTMLElement>('.mobile-toolbar');
  if (!toolbar || getComputedStyle(toolbar).position !== 'fixed') return 0;
  return toolbar.getBoundingClientRect().height;
}

function setShown(bar: HTMLElement, shown: boolean) {
  if (shown) bar.style.setProperty('--buy-bar-bottom', `${toolbarHeight()}px`);
  bar.dataset.state = shown ? 'shown' : 'hidden';
  bar.inert = !shown;
  document.documentElement.toggleAttribute(SHOWN, shown);
}

function watch() {
  observer?.disconnect();
  document.documentElement.removeAttribute(SHOWN);
  const bar = document.querySelector<HTMLElement>('[data-buy-bar]');
  const form = document.querySelector<HTMLFormElement>('form[data-basket-form]');
  if (!bar || !form) return;
  // The root reaches far below the screen, so the box counts as out of view only once it is above the screen
  // (a fast scroll from below the box to past it still crosses the edge and calls back).
  observer = new IntersectionObserver(
    ([entry]) => {
      if (entry) setShown(bar, !entry.isIntersecting);
    },
    { rootMargin: '0px 0px 100000px 0px' },
  );
  observer.observe(form);
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-buy-bar-add]') : null;
  if (!button) return;
  document.querySelector<HTMLFormElement>('form[data-basket-form]')?.requestSubmit();
});

document.addEventListener('astro:before-swap', () => observer?.disconnect());
document.addEventListener('astro:page-load', watch);
watch();
