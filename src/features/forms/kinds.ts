/** The public forms by name (the `data-form` of their markup): no schemas here, so pages and the bootstrap can use it. */
export const FORM_KINDS = ['contact', 'construction-starts', 'training-registration', 'application'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const isFormKind = (value: string | undefined): value is FormKind =>
  (FORM_KINDS as readonly (string | undefined)[]).includes(value);

/** Checkbox fields sent as `true` when ticked. */
export const BOOLEAN_FIELDS = ['accept_terms'] as const;

/**
 * Where customers write when they cannot use a form (without JavaScript): the back-office's `email` setting when
 * it has one, else customer service's address (the back-office's default staff address).
 */
export const FALLBACK_EMAIL = 'customer.service@plasterwick.co.uk';
