/** How the trade screens name things. */
export const STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  declined: 'Declined',
};
export const STATUS_CHOICES = Object.entries(STATUS_LABELS).map(([id, name]) => ({ id, name }));
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** Whole pounds typed by a customer ("1500") as money. */
export const wholePounds = (value: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(
    value,
  );
