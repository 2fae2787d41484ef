/**
 * `/{target}/checkout/payment` in the browser: guards the step (a cart, a delivery chosen), draws the review with
 * the totals and VAT, offers the payment methods (in test mode: the banner and the fake provider's magic tokens),
 * and pays. A declined card keeps the basket and says so; a changed price shows the new total and asks again; a
 * provider's authorisation page (3-D Secure) takes over, and comes back to the confirmation. A payment whose
 * outcome is not known yet (202), or another payment for the basket already being made (409 `payment_pending`), is
 * waited for: the page says so and follows the order until it is paid (the confirmation) or not (pay again).
 */
import type { Address } from '../../lib/api/address.ts';
import {
  completeCheckout,
  getCheckoutCart,
  getPaymentMethods,
  paymentInProgress,
  type CheckoutView,
  type PaymentInProgress,
  type PaymentMethod,
} from '../../lib/api/checkout.ts';
import { getOrder } from '../../lib/api/orders.ts';
import { formatPrice } from '../../lib/format.ts';
import { applyServerCart, resetCart } from '../cart/cart.store.ts';
import { islandApi } from '../site/island-api.ts';
import { clearCheckoutError, showCheckoutErrors } from './checkout-errors.ts';
import { checkPayment, entriesOf } from './checkout-form.ts';
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
import { lineRows, place, totalRows } from './order-summary.ts';
import { guardStep } from './order.ts';
import { $order, keepOrderAccess, updateOrder } from './order.store.ts';
import { FAKE_CARD_TOKENS, PAYMENT_POLL_MS, paymentFailure, payLabel, settledOutcome } from './payment.ts';

interface Page {
  root: HTMLElement;
  form: HTMLFormElement;
  token: string;
  view: CheckoutView;
  /** The trade account's terms when `on_account` is offered. */
  account: PaymentMethod['account'];
}

const $ = <T extends Element>(root: ParentNode, selector: string) => root.querySelector<T>(selector);

// ---- review -------------------------------------------------------------------------------------------------

function addressLines(address: Address): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.company,
    address.address,
    address.address2,
    address.town,
    address.postcode,
    address.country === 'uk' ? undefined : address.country.toUpperCase(),
  ].filter((line): line is string => Boolean(line));
}

function renderReview(page: Page): void {
  const { view, root } = page;
  $<HTMLElement>(root, '[data-review-lines]')?.replaceChildren(...lineRows(view.lines));
  const rows = totalRows(view, view.grandTotal.inc);
  $<HTMLElement>(root, '[data-review-totals]')?.replaceChildren(
    ...rows.flatMap(([term, value, className]) => [
      h('dt', { class: className }, term),
      h('dd', { class: className, 'data-total': className === 'grand' ? 'grand' : undefined }, value),
    ]),
    h('dt', { class: 'visually-hidden' }, checkoutText('payment.vat')),
    h(
      'dd',
      { class: 'checkout-totals__note' },
      h(
        'small',
        {},
        checkoutText('payment.grand_total_ex', {
          vat: formatPrice(view.grandTotal.vat),
          ex: formatPrice(view.grandTotal.ex),
        }),
      ),
    ),
  );
  const places: HTMLElement[] = [];
  const delivery = view.delivery;
  const order = $order.get();
  if (delivery?.method === 'delivery') {
    const carrier = delivery.carrierLabel
      ? [checkoutText('payment.by', { carrier: delivery.carrierLabel })]
      : [];
    places.push(place(checkoutText('payment.deliver_to'), [...addressLines(delivery.address), ...carrier]));
  } else if (delivery?.method === 'collect') {
    const s = delivery.stockist;
    places.push(place(checkoutText('payment.collect_from'), [s.name, s.address, s.town, s.postcode]));
  } else if (order.shippingAddress) {
    places.push(place(checkoutText('payment.deliver_to'), addressLines(order.shippingAddress)));
  } else if (order.relay) {
    const r = order.relay;
    places.push(place(checkoutText('payment.collect_from'), [r.name, r.address, r.town, r.postcode]));
  }
  const billing = view.billing?.address ?? order.billingAddress;
  const same = view.billing ? view.billing.sameAsDelivery : !order.billingAddress;
  if (same && delivery?.method !== 'collect')
    places.push(place(checkoutText('payment.bill_to'), [checkoutText('payment.same_as_delivery')]));
  else if (billing) places.push(place(checkoutText('payment.bill_to'), addressLines(billing)));
  $<HTMLElement>(root, '[data-review-places]')?.replaceChildren(...places);
  const button = $<HTMLButtonElement>(page.form, '[data-form-submit]');
  if (button && !button.disabled) {
    button.textContent = payLabel(view.grandTotal.inc);
    button.dataset.label = button.textContent;
  }
}

// ---- payment methods ----------------------------------------------------------------------------------------

function renderMethods(page: Page, methods: PaymentMethod[]): void {
  const { form } = page;
  const card = methods.find((method) => method.code === 'card');
  $<HTMLElement>(form, '[data-payment-methods]')?.replaceChildren(
    ...methods.map((method) =>
      h(
        'label',
        { class: 'choice' },
        h('input', { type: 'radio', name: 'payment_method', value: method.code, 'data-field-control': true }),
        h(
          'span',
          {},
          h('strong', {}, method.code === 'card' ? checkoutText('payment.card') : method.label),
          method.account &&
            h(
              'small',
              {},
              checkoutText('payment.on_account_terms', {
                days: method.account.termsDays,
                credit: formatPrice(method.account.creditAvailable),
              }),
            ),
        ),
      ),
    ),
  );
  const testMode = Boolean(card?.testMode);
  const banner = $<HTMLElement>(form, '[data-test-mode]');
  if (banner) banner.hidden = !testMode;
  const tokens = card?.testTokens.length ? card.testTokens : [...FAKE_CARD_TOKENS];
  const select = $<HTMLSelectElement>(form, '[data-card-tokens]');
  select?.replaceChildren(
    ...tokens.map((token) =>
      h(
        'option',
        { value: token },
        (FAKE_CARD_TOKENS as readonly string[]).includes(token)
          ? checkoutText(`payment.tokens.${token as (typeof FAKE_CARD_TOKENS)[number]}`)
          : token,
      ),
    ),
  );
  form.dataset.testMode = String(testMode);
  page.account = methods.find((method) => method.account)?.account;
  const po = $<HTMLInputElement>(form, '[name="po_number"]');
  const poHint = $<HTMLElement>(form, '#field-po_number-hint');
  if (po) po.required = Boolean(page.account?.poRequired);
  if (poHint)
    poHint.textContent = checkoutText(
      page.account?.poRequired ? 'payment.po_required' : 'payment.po_optional',
    );
  showCard(page);
}

function showCard(page: Page): void {
  const { form } = page;
  const byCard = entriesOf(new FormData(form)).payment_method === 'card';
  const testMode = form.dataset.testMode === 'true';
  const card = $<HTMLElement>(form, '[data-card]');
  if (card) card.hidden = !(byCard && testMode);
  const real = $<HTMLElement>(form, '[data-card-real]');
  if (real) real.hidden = !(byCard && !testMode);
  const po = $<HTMLElement>(form, '[data-po]');
  if (po) po.hidden = entriesOf(new FormData(form)).payment_method !== 'on_account';
}

// ---- paying -------------------------------------------------------------------------------------------------

function gone(page: Page): void {
  forgetCart();
  $<HTMLElement>(page.root, '[data-checkout-body]')!.hidden = true;
  showEmpty(page.root, checkoutText('gone'));
}

async function refresh(page: Page): Promise<void> {
  const cart = await getCheckoutCart(islandApi(), page.token);
  applyServerCart(cart.answer);
  page.view = cart.view;
  renderReview(page);
}

/** The order is placed and settled (paid, on account): the basket is done with, the confirmation shows it. */
function goToConfirmation(page: Page, number: string, paymentBy: string): void {
  updateOrder({ orderId: number, paymentBy, step: 'confirmation' });
  resetCart();
  window.location.assign(`${page.root.dataset.confirmation ?? '/'}?order=${encodeURIComponent(number)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows the order a card payment is being made or checked for, saying so, until it settles: paid, the
 * confirmation; not paid, the basket is shown again to pay (the back-office gave its code's use back).
 */
async function waitForPayment(page: Page, placed: PaymentInProgress, message: string, paymentBy: string) {
  const { form } = page;
  keepOrderAccess(placed.order.number, placed.accessToken, placed.accessExpiresAt);
  const waiting = $<HTMLElement>(form, '[data-pay-waiting]');
  if (waiting) {
    waiting.textContent = message;
    waiting.hidden = false;
  }
  for (;;) {
    await sleep(PAYMENT_POLL_MS);
    if (!page.root.isConnected) return;
    // A failed read (the back-office restarting) is asked again at the next tick.
    const order = await getOrder(islandApi(), placed.order.number, placed.accessToken).catch(() => undefined);
    const outcome = order ? settledOutcome(order.status) : 'waiting';
    if (outcome === 'waiting') continue;
    if (outcome === 'paid') return goToConfirmation(page, placed.order.number, paymentBy);
    if (waiting) waiting.hidden = true;
    setBusy(form, undefined);
    try {
      await refresh(page);
    } catch (error) {
      if (isCartNotFound(error)) return gone(page);
    }
    showFormMessage(form, checkoutText('payment.not_taken'), true);
    return;
  }
}

async function pay(page: Page): Promise<void> {
  const { form } = page;
  const order = $order.get();
  if (!order.email) {
    window.location.replace(page.root.dataset.delivery ?? '/');
    return;
  }
  const checked = checkPayment(
    entriesOf(new FormData(form)),
    page.view.grandTotal.inc,
    order.email,
    page.account?.poRequired,
  );
  showFormMessage(form, undefined);
  if (!checked.body) {
    const rest = showCheckoutErrors(form, checked.errors);
    if (Object.keys(rest).length > 0) showFormMessage(form, Object.values(rest).join(' '), true);
    return;
  }
  showCheckoutErrors(form, {});
  setBusy(form, checkoutText('payment.paying'));
  const paymentBy = checked.body.payment_method;
  try {
    const done = await completeCheckout(islandApi(), page.token, checked.body);
    keepOrderAccess(done.order.number, done.accessToken, done.accessExpiresAt);
    if (done.next.type === 'pending') {
      return await waitForPayment(page, done, checkoutText('payment.checking'), paymentBy);
    }
    if (done.next.type === 'redirect') {
      updateOrder({ orderId: done.order.number, paymentBy, step: 'confirmation' });
      const status = $<HTMLElement>(form, '[data-pay-status]');
      if (status) status.textContent = checkoutText('payment.redirecting');
      window.location.assign(done.next.url);
      return;
    }
    goToConfirmation(page, done.order.number, paymentBy);
  } catch (error) {
    const inProgress = paymentInProgress(error);
    if (inProgress) return waitForPayment(page, inProgress, checkoutText('payment.in_progress'), paymentBy);
    await refused(page, error);
  }
}

/** What a refused completion shows: the form again, with why. */
async function refused(page: Page, error: unknown): Promise<void> {
  const { form } = page;
  setBusy(form, undefined);
  if (isCartNotFound(error)) return gone(page);
  const failure = paymentFailure(error);
  if (failure.kind === 'incomplete') {
    window.location.assign(page.root.dataset.delivery ?? '/');
    return;
  }
  if (failure.kind === 'price_changed' || failure.kind === 'refused') {
    try {
      await refresh(page);
    } catch (refreshError) {
      if (isCartNotFound(refreshError)) return gone(page);
    }
  }
  const message =
    failure.kind === 'price_changed'
      ? checkoutText('payment.price_changed', { total: formatPrice(page.view.grandTotal.inc) })
      : failure.message;
  const rest = showCheckoutErrors(form, failure.fields);
  const text = [message, ...Object.values(rest)].filter(Boolean).join(' ');
  showFormMessage(form, text || undefined, Object.keys(failure.fields).length === Object.keys(rest).length);
}

// ---- start --------------------------------------------------------------------------------------------------

const started = new WeakSet<HTMLElement>();

export async function start(root: HTMLElement): Promise<void> {
  if (started.has(root)) return;
  started.add(root);
  const form = $<HTMLFormElement>(root, '[data-checkout-form="payment"]');
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
  const { view } = session.cart;
  const guard = guardStep('payment', {
    hasCart: true,
    order: $order.get(),
    ...(view.checkoutKnown && { deliveryChosen: view.delivery !== null }),
  });
  if (guard.kind === 'redirect' || !$order.get().email) {
    window.location.replace(root.dataset.delivery ?? '/');
    return;
  }
  const page: Page = { root, form, token: session.token, view, account: undefined };
  renderReview(page);
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === 'payment_method') {
      clearCheckoutError(form, 'payment_method');
      showCard(page);
    }
    if (target.name === 'accept_terms' && target.checked) clearCheckoutError(form, 'accept_terms');
  });
  // Cleared while typing: on leaving the field the message would go as the Pay button is pressed, moving it.
  form.addEventListener('input', (event) => {
    if ((event.target as HTMLInputElement).name === 'po_number') clearCheckoutError(form, 'po_number');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    void pay(page);
  });
  try {
    renderMethods(page, await getPaymentMethods(islandApi(), session.token));
  } catch (error) {
    if (isCartNotFound(error)) return gone(page);
    console.error('Payment methods could not be loaded', error);
    showFormMessage(form, checkoutText('payment.methods_error'));
  }
  if (status) status.textContent = '';
  $<HTMLElement>(root, '[data-checkout-body]')!.hidden = false;
}
