/** The words of an order's states on the console's lists and pages (the customer reads the same fulfilment ones). */
import { FULFILMENT_LABELS, type FulfilmentStatus } from '@plasterwick/shop-rules/fulfilment';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './order-filter.ts';

export const fulfilmentLabel = (status: string) => FULFILMENT_LABELS[status as FulfilmentStatus] ?? status;
export const orderStatusLabel = (status: string) =>
  ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS] ?? status;
export const paymentStatusLabel = (status: string | null) =>
  status === null
    ? 'No card payment'
    : (PAYMENT_STATUS_LABELS[status as keyof typeof PAYMENT_STATUS_LABELS] ?? status);

const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));
export const ORDER_STATUS_CHOICES = choices(ORDER_STATUS_LABELS);
export const PAYMENT_STATUS_CHOICES = choices(PAYMENT_STATUS_LABELS);
export const FULFILMENT_CHOICES = choices(FULFILMENT_LABELS);
