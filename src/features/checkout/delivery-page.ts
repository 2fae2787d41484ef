/**
 * `/{target}/checkout/delivery` in the browser: opens the checkout on the cart (none → the basket link), fills the
 * form from the order state, switches home delivery / collection, loads the carriers with their prices for the
 * postcode, finds stockists to collect from (the stockist locator's search), checks with the shared rules, sends
 * the delivery and billing steps and goes on to payment.
 */
import { formatPostcode, normalisePostcode, precisionOf } from '@plasterwick/shop-rules/postcode';
import {
  getCarriers,
  putCheckoutBilling,
  putCheckoutDelivery,
  type Carrier,
  type CheckoutView,
} from '../../lib/api/checkout.ts';
import { toFormErrors } from '../../lib/api/form-errors.ts';
import { findStockists, type Stockist, type StockistOrigin } from '../../lib/api/stockists.ts';
import { formatPrice } from '../../lib/format.ts';
import { applyServerCart } from '../cart/cart.store.ts';
import { islandApi } from '../site/island-api.ts';
import type { StockistMap } from '../stockists/map.ts';
import { SEARCH_RADIUS_KM, formatAddress, formatDistance, readSearchText } from '../stockists/stockists.ts';
import {
  chooseAddresses,
  loadAccount,
  prefill,
  renderAccount,
  showAddressChoice,
  toOrderAddress,
  type Account,
} from './checkout-account.ts';
import { attachLiveChecks } from '../ui/field/live-checks.ts';
import { clearCheckoutError, setCheckoutError, showCheckoutErrors } from './checkout-errors.ts';
import {
  billingFieldName,
  checkDelivery,
  deliveryFieldName,
  entriesFromOrder,
  entriesOf,
  methodOf,
  orderFromDelivery,
  savedAddressId,
  type FieldErrors,
} from './checkout-form.ts';
import {
  forgetCart,
  h,
  isCartNotFound,
  openSession,
  setBusy,
  showEmpty,
  showFormMessage,
} from './checkout-session.ts';
import { checkoutText } from './checkout-text.ts';
import type { Relay } from './order.ts';
import { $order, updateOrder } from './order.store.ts';

interface Page {
  root: HTMLElement;
  form: HTMLFormElement;
  token: string;
  /** Stockists listed (or remembered), by id: the chosen one becomes the order's relay. */
  stockists: Map<number, Relay>;
  /** The map of the stockists found, made on the first results. */
  map: StockistMap | undefined;
  carriersFor: string | undefined;
  carriersRequest: number;
  /** The logged-in customer and their saved addresses; undefined for a guest. */
  account: Account | undefined;
}

const $ = <T extends Element>(root: ParentNode, selector: string) => root.querySelector<T>(selector);

function labelOf(form: HTMLFormElement, name: string): string | undefined {
  const label = form.querySelector(
    `[data-field="${CSS.escape(name)}"] label, [data-field="${CSS.escape(name)}"] legend`,
  );
  const text = [...(label?.childNodes ?? [])]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent ?? '')
    .join('')
    .trim();
  return text || undefined;
}

// ---- filling the form ---------------------------------------------------------------------------------------

function setValue(form: HTMLFormElement, name: string, value: string): void {
  const controls = form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    `[name="${CSS.escape(name)}"]`,
  );
  for (const control of controls) {
    if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox'))
      control.checked = control.type === 'checkbox' ? value === 'on' : control.value === value;
    else control.value = value;
  }
}

/** What the back-office already has for this cart wins over the browser's memory of it. */
function serverEntries(view: CheckoutView): Record<string, string> {
  const entries: Record<string, string> = {};
  const delivery = view.delivery;
  if (delivery?.method === 'delivery') {
    const a = delivery.address;
    Object.assign(entries, {
      method: 'delivery',
      first_name: a.firstName,
      last_name: a.lastName,
      company: a.company ?? '',
      address: a.address,
      address_2: a.address2 ?? '',
      town: a.town,
      postcode: a.postcode,
      carrier_code: delivery.carrierCode,
      phone: delivery.phone,
    });
  } else if (delivery?.method === 'collect') {
    Object.assign(entries, {
      method: 'collect',
      stockist_id: String(delivery.stockist.id),
      phone: delivery.phone,
    });
    if (delivery.firstName) entries.first_name = delivery.firstName;
    if (delivery.lastName) entries.last_name = delivery.lastName;
  }
  return entries;
}

function fill(page: Page, view: CheckoutView): void {
  const order = $order.get();
  const entries = { ...entriesFromOrder(order), ...serverEntries(view) };
  if (view.delivery?.method === 'collect') {
    const s = view.delivery.stockist;
    page.stockists.set(s.id, {
      id: s.id,
      name: s.name,
      address: s.address,
      town: s.town,
      postcode: s.postcode,
    });
  } else if (order.relay) page.stockists.set(order.relay.id, order.relay);
  for (const [name, value] of Object.entries(entries))
    if (name !== 'carrier_code') setValue(page.form, name, value);
  if (page.account) {
    renderAccount(page.form, page.account);
    chooseAddresses(page.form, page.account, view);
    if (page.account.me) prefill(page.form, page.account.me);
    showAddressChoice(page.form);
  }
  const stockistId = Number(entries.stockist_id);
  if (page.stockists.has(stockistId)) renderStockists(page, [...page.stockists.values()], stockistId);
  showMethod(page);
  if (entries.method === 'delivery') void loadCarriers(page, entries.carrier_code);
}

// ---- method, billing ----------------------------------------------------------------------------------------

function showMethod(page: Page): void {
  const method = methodOf(entriesOf(new FormData(page.form)));
  for (const panel of page.form.querySelectorAll<HTMLElement>('[data-method-panel]'))
    panel.hidden = panel.dataset.methodPanel !== method;
  const billing = $<HTMLElement>(page.form, '[data-billing]');
  if (billing) billing.hidden = !method;
  const sameRow = $<HTMLElement>(page.form, '[data-billing-same-row]');
  if (sameRow) sameRow.hidden = method !== 'delivery';
  const collectHint = $<HTMLElement>(page.form, '[data-billing-collect]');
  if (collectHint) collectHint.hidden = method !== 'collect';
  const same =
    method === 'delivery' && Boolean($<HTMLInputElement>(page.form, '[name="billing_same"]')?.checked);
  const fields = $<HTMLElement>(page.form, '[data-field="billing_address"]');
  if (fields) fields.hidden = same;
}

// ---- carriers -----------------------------------------------------------------------------------------------

function carrierPrice(carrier: Carrier): string {
  return carrier.free || carrier.amount === 0
    ? checkoutText('delivery.carrier_free')
    : formatPrice(carrier.amount);
}

function renderCarriers(page: Page, carriers: Carrier[], chosen: string | undefined): void {
  const list = $<HTMLElement>(page.form, '[data-carriers]');
  if (!list) return;
  const keep = chosen ?? entriesOf(new FormData(page.form)).carrier_code;
  list.replaceChildren(
    ...carriers.map((carrier) =>
      h(
        'label',
        { class: 'choice' },
        h('input', {
          type: 'radio',
          name: 'carrier_code',
          value: carrier.code,
          checked: carrier.code === keep || carriers.length === 1,
          'data-field-control': true,
        }),
        h(
          'span',
          {},
          h('strong', {}, carrier.label),
          carrier.description && h('small', {}, carrier.description),
          carrier.nextDay && h('small', {}, checkoutText('delivery.carrier_next_day')),
        ),
        h('span', { class: 'choice__price' }, carrierPrice(carrier)),
      ),
    ),
  );
}

/** The chosen saved address of `group`, if one is chosen. */
function savedAddress(page: Page, group: 'delivery' | 'billing') {
  const id = savedAddressId(entriesOf(new FormData(page.form)), group);
  return id === undefined ? undefined : page.account?.addresses.find((address) => address.id === id);
}

function postcodeOf(page: Page): string | undefined {
  const typed = entriesOf(new FormData(page.form)).postcode ?? '';
  const value = normalisePostcode(savedAddress(page, 'delivery')?.postcode ?? typed);
  return precisionOf(value) === 'full' ? formatPostcode(value) : undefined;
}

async function loadCarriers(page: Page, chosen?: string): Promise<void> {
  const postcode = postcodeOf(page);
  if (page.carriersFor === (postcode ?? '') && !chosen) return;
  page.carriersFor = postcode ?? '';
  const request = ++page.carriersRequest;
  const status = $<HTMLElement>(page.form, '[data-carriers-status]');
  if (status) status.textContent = checkoutText('delivery.carriers_loading');
  try {
    const carriers = await getCarriers(islandApi(), page.token, postcode);
    if (request !== page.carriersRequest) return;
    renderCarriers(page, carriers, chosen);
    if (status) status.textContent = carriers.length === 0 ? checkoutText('delivery.carriers_none') : '';
  } catch (error) {
    if (request !== page.carriersRequest) return;
    page.carriersFor = undefined;
    if (isCartNotFound(error)) return gone(page);
    console.error('Carriers could not be loaded', error);
    if (status) status.textContent = checkoutText('delivery.carriers_error');
  }
}

// ---- stockists ----------------------------------------------------------------------------------------------

function relayOf(stockist: Stockist): Relay {
  return {
    id: stockist.id,
    name: stockist.name,
    address: stockist.address,
    town: stockist.town,
    postcode: stockist.postcode,
  };
}

function renderStockists(page: Page, stockists: (Relay & { distanceKm?: number })[], chosen?: number): void {
  const list = $<HTMLElement>(page.form, '[data-stockists]');
  if (!list) return;
  list.replaceChildren(
    ...stockists.map((stockist, i) =>
      h(
        'label',
        { class: 'choice' },
        h('input', {
          type: 'radio',
          name: 'stockist_id',
          value: String(stockist.id),
          checked: stockist.id === chosen,
          'data-field-control': true,
        }),
        h(
          'span',
          {},
          // Numbered like the map's markers.
          h('strong', {}, checkoutText('delivery.stockist_marker', { n: i + 1, name: stockist.name })),
          h('small', {}, formatAddress(stockist)),
          stockist.distanceKm !== undefined &&
            h('small', {}, checkoutText('delivery.stockist_distance', formatDistance(stockist.distanceKm))),
        ),
      ),
    ),
  );
}

async function searchStockists(page: Page): Promise<void> {
  const input = $<HTMLInputElement>(page.form, '[name="stockist_query"]');
  const status = $<HTMLElement>(page.form, '[data-stockists-status]');
  const target = readSearchText(input?.value ?? '');
  if (!target) {
    showCheckoutErrors(page.form, { stockist_query: checkoutText('delivery.stockist_required') });
    return;
  }
  clearCheckoutError(page.form, 'stockist_query');
  if (status) status.textContent = checkoutText('delivery.stockist_searching');
  try {
    const results = await findStockists(islandApi(), { ...target, radiusKm: SEARCH_RADIUS_KM, perPage: 10 });
    for (const stockist of results.items) page.stockists.set(stockist.id, relayOf(stockist));
    const chosen = Number(entriesOf(new FormData(page.form)).stockist_id);
    renderStockists(
      page,
      results.items.map((stockist) => ({ ...relayOf(stockist), distanceKm: stockist.distanceKm })),
      chosen,
    );
    void showStockistMap(page, results.origin, results.items);
    if (status)
      status.textContent =
        results.items.length === 0
          ? checkoutText('delivery.stockist_none')
          : checkoutText('delivery.stockist_results', {
              count: results.items.length,
              origin: results.origin.label,
            });
  } catch (error) {
    const failure = toFormErrors(error, checkoutText('error'));
    if (status)
      status.textContent = failure.status?.endsWith('_not_found')
        ? checkoutText('delivery.stockist_none')
        : (failure.message ?? '');
  }
}

/**
 * The map beside the stockists found, loaded on the first results like the locator's (the list stays the way to
 * choose, with or without tiles): a click on a marker picks its stockist in the list.
 */
async function showStockistMap(page: Page, origin: StockistOrigin, stockists: Stockist[]): Promise<void> {
  const container = $<HTMLElement>(page.form, '[data-stockist-map]');
  if (!container) return;
  container.hidden = stockists.length === 0;
  if (stockists.length === 0) return;
  try {
    const { createStockistMap } = await import('../stockists/map.ts');
    page.map ??= createStockistMap(container, {
      tileUrl: container.dataset.tileUrl ?? '',
      attribution: container.dataset.tileAttribution ?? '',
      markerLabel: (n, stockist) => checkoutText('delivery.stockist_marker', { n, name: stockist.name }),
      onSelect: (stockist) => pickStockist(page, stockist.id),
    });
    page.map.show(origin, stockists);
  } catch (error) {
    console.error('The stockist map could not load', error);
  }
}

function pickStockist(page: Page, id: number): void {
  const radio = page.form.querySelector<HTMLInputElement>(`input[name="stockist_id"][value="${id}"]`);
  if (!radio) return;
  radio.checked = true;
  radio.dispatchEvent(new Event('change', { bubbles: true }));
  radio.focus();
}

// ---- sending ------------------------------------------------------------------------------------------------

function gone(page: Page): void {
  forgetCart();
  page.form.hidden = true;
  showEmpty(page.root, checkoutText('gone'));
}

function failureErrors(
  error: unknown,
  name: (path: string) => string,
): { fields: FieldErrors; message?: string } {
  const failure = toFormErrors(error, checkoutText('error'));
  const fields: FieldErrors = {};
  for (const [path, message] of Object.entries(failure.fields)) fields[name(path)] ??= message;
  const message = failure.status === 'rate_limited' ? checkoutText('rate_limited') : failure.message;
  return { fields, message };
}

async function submit(page: Page): Promise<void> {
  const { form } = page;
  const entries = entriesOf(new FormData(form));
  const checked = checkDelivery(entries, (name) => labelOf(form, name));
  showFormMessage(form, undefined);
  if (!checked.delivery || !checked.billing || !checked.email) {
    const rest = showCheckoutErrors(form, checked.errors);
    const message = Object.values(rest).join(' ');
    if (message) showFormMessage(form, message, true);
    return;
  }
  showCheckoutErrors(form, {});
  setBusy(form, checkoutText('delivery.sending'));
  const api = islandApi();
  let step: 'delivery' | 'billing' = 'delivery';
  try {
    const afterDelivery = await putCheckoutDelivery(api, page.token, checked.delivery);
    if (afterDelivery) applyServerCart(afterDelivery.answer);
    step = 'billing';
    const afterBilling = await putCheckoutBilling(api, page.token, checked.billing);
    if (afterBilling) applyServerCart(afterBilling.answer);
    const relay =
      checked.delivery.method === 'collect'
        ? (page.stockists.get(checked.delivery.stockist_id) ?? null)
        : null;
    const order = orderFromDelivery(
      { email: checked.email, delivery: checked.delivery, billing: checked.billing },
      relay,
    );
    // A saved address travels as its id: the order state keeps the address itself, as for a typed one.
    const savedDelivery = savedAddress(page, 'delivery');
    const savedBilling = savedAddress(page, 'billing');
    if (checked.delivery.method === 'delivery' && savedDelivery)
      order.shippingAddress = toOrderAddress(savedDelivery);
    if (!checked.billing.same_as_delivery && savedBilling)
      order.billingAddress = toOrderAddress(savedBilling);
    updateOrder(order);
    window.location.assign(page.root.dataset.next ?? '/');
  } catch (error) {
    setBusy(form, undefined);
    if (isCartNotFound(error)) return gone(page);
    const { fields, message } = failureErrors(
      error,
      step === 'delivery' ? deliveryFieldName : billingFieldName,
    );
    const rest = showCheckoutErrors(form, fields);
    const text = [message, ...Object.values(rest)].filter(Boolean).join(' ');
    showFormMessage(form, text || undefined, Object.keys(fields).length === Object.keys(rest).length);
  }
}

// ---- start --------------------------------------------------------------------------------------------------

/** The field an event happened in, when the delivery check knows it (the stockist search has its own). */
function fieldAt(form: HTMLFormElement, target: EventTarget | null): string | undefined {
  const field = target instanceof Element ? target.closest<HTMLElement>('[data-field]') : null;
  const name = field?.dataset.field;
  return name && name !== 'stockist_query' && form.contains(field) ? name : undefined;
}

function bind(page: Page): void {
  const { form } = page;
  attachLiveChecks(form, {
    fieldAt: (target) => fieldAt(form, target),
    recheck: (name) =>
      setCheckoutError(
        form,
        name,
        checkDelivery(entriesOf(new FormData(form)), (field) => labelOf(form, field)).errors[name],
      ),
  });
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === 'method' || target.name === 'billing_same') {
      showMethod(page);
      clearCheckoutError(form, 'method');
      if (target.name === 'method' && target.value === 'delivery') void loadCarriers(page);
    }
    if (target.name === 'postcode') void loadCarriers(page);
    if (target.name === 'delivery_address_id' || target.name === 'billing_address_id') {
      showAddressChoice(form);
      clearCheckoutError(
        form,
        target.name === 'delivery_address_id' ? 'delivery_address' : 'billing_address',
      );
      if (target.name === 'delivery_address_id') void loadCarriers(page);
    }
    if (target.name === 'carrier_code') clearCheckoutError(form, 'carrier_code');
    if (target.name === 'stockist_id') clearCheckoutError(form, 'stockist_id');
  });
  $<HTMLButtonElement>(form, '[data-stockist-search]')?.addEventListener(
    'click',
    () => void searchStockists(page),
  );
  $<HTMLInputElement>(form, '[name="stockist_query"]')?.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void searchStockists(page);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    void submit(page);
  });
}

const started = new WeakSet<HTMLElement>();

export async function start(root: HTMLElement): Promise<void> {
  if (started.has(root)) return;
  started.add(root);
  const form = $<HTMLFormElement>(root, '[data-checkout-form="delivery"]');
  const status = $<HTMLElement>(root, '[data-checkout-status]');
  if (!form) return;
  const session = await openSession();
  if (session.kind === 'empty' || session.kind === 'gone') {
    showEmpty(root, session.kind === 'gone' ? checkoutText('gone') : undefined);
    return;
  }
  if (session.kind === 'failed') {
    console.error('The checkout could not open the cart', session.error);
    if (status) status.textContent = checkoutText('error');
    return;
  }
  const page: Page = {
    root,
    form,
    token: session.token,
    stockists: new Map(),
    map: undefined,
    carriersFor: undefined,
    carriersRequest: 0,
    account: await loadAccount(),
  };
  bind(page);
  fill(page, session.cart.view);
  if (status) status.textContent = '';
  form.hidden = false;
}
