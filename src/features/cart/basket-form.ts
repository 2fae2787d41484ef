/**
 * The product page's add-to-basket form (AddToBasket.astro), without React: the stepper keeps the quantity
 * within 1–999, the line price follows the quantity and the pack chosen in the page's pack-size list, and the
 * submit adds through the API (the call and its client load on the first add). Listeners sit on the document,
 * so pages swapped in by the ClientRouter work without binding again.
 */
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { AUDIENCES, type Audience } from '../../lib/config.ts';
import { formatPrice } from '../../lib/format.ts';
import { readQuantity, stepQuantity, type QuantityProblem } from './quantity.ts';
import { cartText } from './cart-text.ts';
import { lineTotalText } from './line-price.ts';

const FORM = 'form[data-basket-form]';

const PROBLEMS: Record<QuantityProblem, () => string> = {
  min: () => MESSAGES.minValue,
  max: () => cartText('quantity.max'),
  whole: () => cartText('quantity.whole'),
};

interface ChosenPack {
  reference: string;
  label: string;
  exVat: number;
  incVat: number;
}

/** The pack ticked in the product's pack-size list, with the prices its label shows. */
function chosenPack(form: HTMLFormElement): ChosenPack | undefined {
  const scope = form.closest('[data-product-id]:not(form)') ?? document;
  const radio = scope.querySelector<HTMLInputElement>('[data-variants] input[name="variant"]:checked');
  const label = radio?.closest('label');
  const price = label?.querySelector<HTMLElement>('[data-price-ex-vat]');
  if (!radio || !price) return undefined;
  return {
    reference: radio.value,
    label: label?.querySelector('.variant__label')?.textContent?.trim() ?? radio.value,
    exVat: Number(price.dataset.priceExVat),
    incVat: Number(price.dataset.priceIncVat),
  };
}

const quantityInput = (form: HTMLFormElement) => form.querySelector<HTMLInputElement>('[data-quantity]');

function audienceOf(form: HTMLFormElement): Audience {
  return AUDIENCES.find((audience) => audience === form.dataset.audience) ?? 'pro';
}

function showProblem(form: HTMLFormElement, problem: QuantityProblem | undefined) {
  const input = quantityInput(form);
  const error = form.querySelector<HTMLElement>('[data-quantity-error]');
  if (!input || !error) return;
  error.hidden = !problem;
  error.textContent = problem ? PROBLEMS[problem]() : '';
  if (problem) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', `${error.id} ${input.id.replace(/-quantity$/, '-total')}`);
  } else {
    input.removeAttribute('aria-invalid');
    input.setAttribute('aria-describedby', input.id.replace(/-quantity$/, '-total'));
  }
}

/** Writes the price of the quantity typed (left as it was while the quantity is not a valid one). */
function renderTotal(form: HTMLFormElement) {
  const pack = chosenPack(form);
  const read = readQuantity(quantityInput(form)?.value ?? '');
  const total = form.querySelector<HTMLElement>('[data-basket-total]');
  if (!pack || !total || !('quantity' in read)) return;
  total.textContent = lineTotalText(audienceOf(form), {
    quantity: read.quantity,
    pack: pack.label,
    exVat: pack.exVat,
    incVat: pack.incVat,
    vatRate: Number(form.dataset.vatRate) || 20,
    format: (pence) => formatPrice(pence),
    text: (key, values) => cartText(key, values),
  });
}

function renderAll() {
  for (const form of document.querySelectorAll<HTMLFormElement>(FORM)) renderTotal(form);
}

async function submit(form: HTMLFormElement) {
  const read = readQuantity(quantityInput(form)?.value ?? '');
  if (!('quantity' in read)) {
    showProblem(form, read.problem);
    quantityInput(form)?.focus();
    return;
  }
  showProblem(form, undefined);
  const pack = chosenPack(form);
  const productId = Number(form.dataset.productId);
  if (!pack || !Number.isInteger(productId)) return;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const { addAndConfirm, whileBusy } = await import('./add-to-basket.ts');
  await whileBusy(button ?? form, () =>
    addAndConfirm({
      items: [
        {
          element_id: productId,
          element_type: 'product',
          variant_reference: pack.reference,
          quantity: read.quantity,
        },
      ],
      text: cartText('add.added', {
        quantity: read.quantity,
        name: cartText('add.button_detail', { name: form.dataset.productName ?? '', pack: pack.label }),
      }),
      opener: button,
    }),
  );
}

document.addEventListener('click', (event) => {
  const step = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-step]') : null;
  const form = step?.closest<HTMLFormElement>(FORM);
  const input = form && quantityInput(form);
  if (!step || !form || !input) return;
  const read = readQuantity(input.value);
  const current = 'quantity' in read ? read.quantity : read.problem === 'max' ? 999 : 1;
  input.value = String(stepQuantity(current, step.dataset.step === '-1' ? -1 : 1));
  showProblem(form, undefined);
  renderTotal(form);
});

document.addEventListener('input', (event) => {
  const target = event.target instanceof HTMLInputElement ? event.target : null;
  const form = target?.closest<HTMLFormElement>(FORM);
  if (target?.matches('[data-quantity]') && form) {
    const read = readQuantity(target.value);
    // A wrong quantity is told on submit; once it is right again, the message goes at once.
    if ('quantity' in read) showProblem(form, undefined);
    renderTotal(form);
  }
});

document.addEventListener('change', (event) => {
  if (event.target instanceof HTMLInputElement && event.target.name === 'variant') renderAll();
});

document.addEventListener('submit', (event) => {
  const form = event.target instanceof HTMLFormElement && event.target.matches(FORM) ? event.target : null;
  if (!form) return;
  event.preventDefault();
  void submit(form);
});

// `{slug}#{reference}` ticks another pack without a change event.
window.addEventListener('hashchange', () => setTimeout(renderAll));
document.addEventListener('astro:page-load', renderAll);
renderAll();
