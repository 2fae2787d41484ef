/**
 * Checkout's steps (api-contract.md "Checkout and orders"): the delivery and billing choices stored on the cart,
 * the carriers and the payment methods offered. With a session, the steps take a saved `address_id` and save a
 * typed address (`save_address`). Completing is flows/complete-checkout.ts, on the rules of completion.ts.
 */
import { ACCOUNT_MESSAGES } from '@plasterwick/shop-rules/accounts';
import type { PostalAddress } from '@plasterwick/shop-rules/address';
import {
  CHECKOUT_MESSAGES,
  type BillingCountry,
  type CheckoutBillingBody,
  type CheckoutDeliveryBody,
} from '@plasterwick/shop-rules/checkout';
import { formatPostcode, normalisePostcode } from '@plasterwick/shop-rules/postcode';
import type { Executor } from '../../db/types.ts';
import type { RequestContext } from '../../lib/context.ts';
import { DomainError, fieldError } from '../../lib/errors.ts';
import { findAddress, saveCheckoutAddress, type AddressRow } from '../addresses/index.ts';
import {
  destinationOf,
  saveCheckoutSteps,
  viewCart,
  withOpenCart,
  type BillingView,
  type CartDeps,
  type CartView,
  type DeliveryView,
} from '../cart/index.ts';
import type { CustomerRow } from '../customers/index.ts';
import { FAKE_CARD_TOKENS, type PaymentProvider } from '../payments/index.ts';
import { findStockist } from '../store-locator/index.ts';
import { tradeOnHold, tradeTermsOf } from '../trade/index.ts';

/** The logged-in customer a saved address or the address book needs; 401 "Please log in" without one. */
function accountOf(customer: CustomerRow | null): CustomerRow {
  if (!customer) throw new DomainError('unauthorized', ACCOUNT_MESSAGES.pleaseLogIn);
  return customer;
}

/** An address as the checkout stores it, before its country is set: optional parts left out, never null. */
type CheckoutAddress = Omit<PostalAddress, 'country'>;

function checkoutAddressOf(row: AddressRow): CheckoutAddress {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    ...(row.company ? { company: row.company } : {}),
    address: row.address,
    ...(row.address2 ? { address_2: row.address2 } : {}),
    town: row.town,
    postcode: row.postcode,
  };
}

const invalid = (field: string, message: string) => fieldError('invalid_request', field, message);

type DeliveryBody<M> = Extract<CheckoutDeliveryBody, { method: M }>;

/** Collection from a stockist that serves the basket's audience. */
async function chooseCollection(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  body: DeliveryBody<'collect'>,
): Promise<CartView> {
  const stockist = await findStockist(deps.db, context.site.id, body.stockist_id).catch(() => {
    throw invalid('stockist_id', CHECKOUT_MESSAGES.stockist);
  });
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    if (!stockist.audiences.includes(pricing.plan.target)) {
      throw invalid('stockist_id', 'This stockist does not serve your kind of order: please choose another');
    }
    const { id, name, address, town, postcode, phone } = stockist;
    const delivery: DeliveryView = {
      method: 'collect',
      stockist: { id, name, address, town, postcode, phone },
      first_name: body.first_name,
      last_name: body.last_name,
      phone: body.phone,
    };
    // Collecting leaves no address to bill "as delivered": the billing step asks for one again.
    const current = cart.billing as BillingView | null;
    const billing = current?.same_as_delivery ? null : current;
    const saved = await saveCheckoutSteps(tx, cart.id, { delivery, billing }, deps.clock.now());
    return viewCart(tx, deps, saved, pricing);
  });
}

/** The address to deliver to: a saved one of the account (in the UK), or the one typed. */
async function deliveryAddressOf(
  deps: CartDeps,
  customer: CustomerRow | null,
  body: DeliveryBody<'delivery'>,
): Promise<CheckoutAddress> {
  if (body.address_id === undefined) return body.address!;
  const saved = await findAddress(deps.db, accountOf(customer).id, body.address_id);
  if (saved.country !== 'uk') throw invalid('address_id', CHECKOUT_MESSAGES.deliveryCountry);
  return checkoutAddressOf(saved);
}

/** Home delivery to a UK address, by a carrier that can take this basket there. */
async function chooseHomeDelivery(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  customer: CustomerRow | null,
  body: DeliveryBody<'delivery'>,
): Promise<CartView> {
  const address = await deliveryAddressOf(deps, customer, body);
  // Only a typed address is saved (a saved one is in the book already).
  const saveFor = body.save_address && body.address_id === undefined ? accountOf(customer) : null;
  const postcode = formatPostcode(normalisePostcode(address.postcode));
  const destination = destinationOf(postcode);
  if (destination === 'not_served') {
    throw invalid(
      'address.postcode',
      'We do not deliver to this postcode: please choose to collect from a stockist',
    );
  }
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const offer = (await viewCart(tx, deps, cart, pricing, { destination })).priced.shippingCosts.find(
      (cost) => cost.code === body.carrier_code,
    );
    if (!offer) {
      throw invalid(
        'carrier_code',
        'This delivery method is not available for your basket: please choose another',
      );
    }
    const delivery: DeliveryView = {
      method: 'delivery',
      address: { ...address, postcode, country: 'uk' },
      carrier_code: offer.code,
      carrier_label: offer.label,
      phone: body.phone,
    };
    const now = deps.clock.now();
    if (saveFor) {
      const saved = { ...address, postcode, country: 'uk' as const, phone: body.phone };
      await saveCheckoutAddress(tx, saveFor.id, 'delivery', saved, now);
    }
    const billing = cart.billing as BillingView | null;
    return viewCart(tx, deps, await saveCheckoutSteps(tx, cart.id, { delivery, billing }, now), pricing);
  });
}

/** `PUT /checkout/delivery`: home delivery (UK address, a carrier that can take this basket there) or collection. */
export function setDelivery(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  customer: CustomerRow | null,
  body: CheckoutDeliveryBody,
): Promise<CartView> {
  return body.method === 'collect'
    ? chooseCollection(deps, context, token, body)
    : chooseHomeDelivery(deps, context, token, customer, body);
}

/** `PUT /checkout/billing`: an address in one of the 11 countries, or the delivery address. */
export async function setBilling(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  customer: CustomerRow | null,
  body: CheckoutBillingBody,
): Promise<CartView> {
  const saved =
    !body.same_as_delivery && body.address_id !== undefined
      ? await findAddress(deps.db, accountOf(customer).id, body.address_id)
      : null;
  const saveFor =
    !body.same_as_delivery && body.save_address && body.address_id === undefined ? accountOf(customer) : null;
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const delivery = cart.delivery as DeliveryView | null;
    let billing: BillingView;
    if (body.same_as_delivery) {
      if (delivery?.method !== 'delivery') {
        throw invalid('same_as_delivery', CHECKOUT_MESSAGES.billingAddress);
      }
      billing = { same_as_delivery: true, address: null };
    } else if (saved) {
      billing = {
        same_as_delivery: false,
        address: { ...checkoutAddressOf(saved), country: saved.country as BillingCountry },
      };
    } else {
      const address = body.address!;
      const postcode =
        address.country === 'uk' ? formatPostcode(normalisePostcode(address.postcode)) : address.postcode;
      billing = { same_as_delivery: false, address: { ...address, postcode } };
      if (saveFor) {
        await saveCheckoutAddress(tx, saveFor.id, 'billing', { ...address, postcode }, deps.clock.now());
      }
    }
    return viewCart(
      tx,
      deps,
      await saveCheckoutSteps(tx, cart.id, { delivery, billing }, deps.clock.now()),
      pricing,
    );
  });
}

/** `GET /checkout/carriers`: home delivery offers (to the postcode given, else the delivery address) and collection. */
export function carriersOf(
  deps: CartDeps,
  context: RequestContext,
  token: string | null,
  postcode: string | undefined,
) {
  return withOpenCart(deps, context, token, async (tx, cart, pricing) => {
    const view = await viewCart(
      tx,
      deps,
      cart,
      pricing,
      postcode === undefined ? {} : { destination: destinationOf(postcode) },
    );
    return {
      carriers: [
        ...view.priced.shippingCosts.map((cost) => ({
          code: cost.code,
          method: 'delivery' as const,
          label: cost.label,
          description: cost.description,
          amount: cost.amounts.inc,
          amount_ex_vat: cost.amounts.ex,
          next_day: cost.nextDay,
          free: cost.free,
        })),
        {
          code: 'collect',
          method: 'collect' as const,
          label: 'Collect from a stockist',
          description: 'Choose one of our stockists and collect your order there: free.',
          amount: 0,
          amount_ex_vat: 0,
          next_day: false,
          free: true,
        },
      ],
    };
  });
}

/**
 * `GET /checkout/payment-methods`: card through the configured provider, and `on_account` for an approved trade
 * account not on hold (with the credit its unpaid on-account orders leave, its terms and whether a PO is required).
 */
export async function paymentMethods(db: Executor, provider: PaymentProvider, customer: CustomerRow | null) {
  const card = {
    code: 'card' as const,
    label: 'Card',
    provider: provider.name,
    test_mode: provider.testMode,
    test_card_tokens: provider.testMode
      ? Object.entries(FAKE_CARD_TOKENS).map(([token, description]) => ({ token, description }))
      : [],
  };
  // An account credit control put on hold is not offered paying on account (completion refuses it too).
  const terms =
    customer?.tradeApproved && !(await tradeOnHold(db, customer.id))
      ? await tradeTermsOf(db, customer)
      : null;
  const onAccount = terms
    ? [
        {
          code: 'on_account' as const,
          label: `On account (${terms.payment_terms_days} days)`,
          credit_available_pence: terms.credit_available_pence,
          po_required: terms.po_required,
          payment_terms_days: terms.payment_terms_days,
        },
      ]
    : [];
  return { methods: [card, ...onAccount], test_mode: provider.testMode };
}
