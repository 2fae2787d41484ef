/** The cart as the API answers it. */
import type { CartAnswerBody, BillingView, DeliveryView } from './schemas.ts';
import { resolvedBilling, type CartView } from './view.ts';

const three = (amounts: { ex: number; vat: number; inc: number }) => ({
  ttc: amounts.inc,
  tax: amounts.vat,
  ht: amounts.ex,
});

/** The API's cart (the spec's server cart and what the storefront shows beside it). */
export function cartAnswer(view: CartView): CartAnswerBody {
  const { priced, cart } = view;
  const applied = priced.applied;
  return {
    list: priced.lines.map((line) => ({
      id: line.id,
      element_id: line.productId,
      element_type: 'product' as const,
      variant_id: line.variantId,
      variant_reference: line.variantReference,
      name: line.name,
      variant_label: line.variantLabel,
      slug: line.productSlug,
      image: line.image,
      quantity: line.quantity,
      price_with_tax: line.unit.inc,
      total_with_tax: line.amounts.inc,
      price_without_tax: line.unit.ex,
      total_without_tax: line.amounts.ex,
      tax: line.amounts.vat,
      free: line.free,
    })),
    quantity: priced.quantity,
    amount: three(priced.subtotal),
    discount_amount: three(priced.discount),
    discounted_amount: priced.discounted.inc,
    discounts: {
      cart_discount:
        applied?.type === 'cart_discount'
          ? {
              description: applied.description,
              amount: applied.value,
              unit: applied.unit,
              code: applied.code,
              amount_off: priced.discount.inc,
            }
          : null,
      free_product:
        applied?.type === 'free_product' ? { description: applied.description, code: applied.code } : null,
    },
    shipping_estimate: priced.estimate?.inc ?? null,
    shipping: priced.shipping ? three(priced.shipping) : null,
    grand_total: three(priced.total),
    weight_grams: priced.weightGrams,
    plan_id: priced.plan.id,
    audience: priced.plan.target,
    prices_include_vat: priced.plan.pricesIncludeVat,
    vat_rate: priced.plan.vatRateBp / 100,
    currency: priced.plan.currencyCode,
    checkout: {
      delivery: (cart.delivery as DeliveryView | null) ?? null,
      billing: resolvedBilling(cart.delivery as DeliveryView | null, cart.billing as BillingView | null),
    },
    notice: view.notice,
    token_expires_at: cart.tokenExpiresAt.toISOString(),
  };
}
