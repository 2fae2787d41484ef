/**
 * The product page's pack choice, without React: the pack ticked in the pack-size list shows what belongs to it
 * (elements marked `data-pack="{reference}"`: packshot, reference, barcode, net content, price, the buy bar's
 * price) and hides the other packs' ones, and the URL's fragment follows it (`{slug}#{reference}`, spec §3), so a
 * shared link opens on the same pack. Opening such a link ticks that pack. Listeners sit on the document, so
 * pages swapped in by the ClientRouter work without binding again.
 */
const PACK_RADIOS = '[data-variants] input[name="variant"]';

function packRadios(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(PACK_RADIOS)];
}

/** Shows the elements of the pack `reference`, hides those of the others. */
function showPack(reference: string) {
  for (const element of document.querySelectorAll<HTMLElement>('[data-pack]')) {
    element.hidden = element.dataset.pack !== reference;
  }
}

/** Ticks the pack the URL's fragment names, if it names one of this page's packs. */
function followFragment() {
  const radios = packRadios();
  if (radios.length === 0) return;
  const reference = decodeURIComponent(window.location.hash.slice(1));
  const named = radios.find((radio) => radio.value === reference);
  if (named && !named.checked) {
    named.checked = true;
    // The basket form's line price listens for a change of pack.
    named.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const checked = radios.find((radio) => radio.checked);
  if (checked) showPack(checked.value);
}

document.addEventListener('change', (event) => {
  const radio = event.target instanceof HTMLInputElement ? event.target : null;
  if (!radio?.matches(PACK_RADIOS)) return;
  showPack(radio.value);
  const fragment = `#${encodeURIComponent(radio.value)}`;
  // Replace, not push: the back button leaves the page instead of stepping through packs.
  if (window.location.hash !== fragment) history.replaceState(history.state, '', fragment);
});

window.addEventListener('hashchange', followFragment);
document.addEventListener('astro:page-load', followFragment);
followFragment();
