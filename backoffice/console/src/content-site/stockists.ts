/**
 * The stockists screen's logic: a stockist's form values, its opening hours as lines ("Monday to Friday: 7am to
 * 5pm"), and the body of a create or of a change (only the fields that differ; a new postcode is located by the
 * back-office).
 */
export type StockistType = 'builders_merchant' | 'trade_counter' | 'diy_store';

export interface StaffStockist {
  id: number;
  version: number;
  name: string;
  type: StockistType;
  address: string;
  town: string;
  postcode: string;
  latitude: number;
  longitude: number;
  phone: string;
  opening_hours: { days: string; hours: string }[];
  audiences: string[];
}

export const STOCKIST_TYPES: { id: StockistType; name: string }[] = [
  { id: 'builders_merchant', name: "Builders' merchant" },
  { id: 'trade_counter', name: 'Trade counter' },
  { id: 'diy_store', name: 'DIY store' },
];

export interface StockistFormValues {
  name: string;
  type: StockistType;
  address: string;
  town: string;
  postcode: string;
  phone: string;
  hours: string;
  trade: boolean;
  diy: boolean;
}

export function hoursText(hours: StaffStockist['opening_hours']): string {
  return hours.map(({ days, hours: time }) => `${days}: ${time}`).join('\n');
}

/** "Monday to Friday: 7am to 5pm" lines → the API's opening hours (a line without a colon is all days). */
export function parseHours(text: string): StaffStockist['opening_hours'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon < 0
        ? { days: 'Every day', hours: line }
        : { days: line.slice(0, colon).trim(), hours: line.slice(colon + 1).trim() };
    });
}

export function stockistForm(stockist?: StaffStockist): StockistFormValues {
  return {
    name: stockist?.name ?? '',
    type: stockist?.type ?? 'builders_merchant',
    address: stockist?.address ?? '',
    town: stockist?.town ?? '',
    postcode: stockist?.postcode ?? '',
    phone: stockist?.phone ?? '',
    hours: hoursText(stockist?.opening_hours ?? []),
    trade: stockist ? stockist.audiences.includes('pro') : true,
    diy: stockist ? stockist.audiences.includes('part') : true,
  };
}

export function stockistCreate(values: StockistFormValues) {
  return {
    name: values.name.trim(),
    type: values.type,
    address: values.address.trim(),
    town: values.town.trim(),
    postcode: values.postcode.trim(),
    phone: values.phone.trim(),
    opening_hours: parseHours(values.hours),
    audiences: [...(values.trade ? (['pro'] as const) : []), ...(values.diy ? (['part'] as const) : [])],
  };
}

/** The fields of `PATCH /store-locator/{id}` that differ from the stockist as read. */
export function stockistChanges(values: StockistFormValues, before: StaffStockist) {
  const next = stockistCreate(values);
  const changes: Partial<ReturnType<typeof stockistCreate>> = {};
  for (const key of ['name', 'type', 'address', 'town', 'postcode', 'phone'] as const) {
    if (next[key] !== before[key]) Object.assign(changes, { [key]: next[key] });
  }
  if (JSON.stringify(next.opening_hours) !== JSON.stringify(before.opening_hours))
    changes.opening_hours = next.opening_hours;
  if (next.audiences.toSorted().join() !== before.audiences.toSorted().join())
    changes.audiences = next.audiences;
  return changes;
}
