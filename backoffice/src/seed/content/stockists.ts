/** Postcode areas and ≥150 stockists spread over the UK towns of places.ts. */
import type { Database } from '../../db/types.ts';
import { postcodes, stockists } from '../../db/schema.ts';
import { UK_SITE_ID } from './insert.ts';
import { postcodeAreas, towns } from './places.ts';

type StockistType = 'builders_merchant' | 'trade_counter' | 'diy_store';

const brands: Record<StockistType, string[]> = {
  builders_merchant: [
    'Millstone Building Supplies',
    'Brickfield Merchants',
    'Keystone Builders Merchants',
    'Oakridge Timber & Building',
  ],
  trade_counter: ['Plasterwick Trade Counter', 'Hartwell Plastering Supplies', 'Drywall Direct Trade Centre'],
  diy_store: ['Homecraft DIY', 'Corner House Home & Garden', 'Fixit Home Centre'],
};

const hours: Record<StockistType, { days: string; hours: string }[]> = {
  builders_merchant: [
    { days: 'Mon–Fri', hours: '7am–5pm' },
    { days: 'Sat', hours: '8am–12pm' },
  ],
  trade_counter: [{ days: 'Mon–Fri', hours: '6:30am–4:30pm' }],
  diy_store: [
    { days: 'Mon–Sat', hours: '8am–8pm' },
    { days: 'Sun', hours: '10am–4pm' },
  ],
};

/** Trade counters serve professionals only; merchants and DIY stores serve both audiences. */
const audiencesOf: Record<StockistType, string[]> = {
  builders_merchant: ['pro', 'part'],
  trade_counter: ['pro'],
  diy_store: ['part', 'pro'],
};

const streets = [
  'Station Road',
  'Mill Lane',
  'Canal Street',
  'Victoria Road',
  'Park Lane Industrial Estate',
  'Brook Street',
  'Commercial Road',
  'Riverside Way',
];
// Letters used in the inward part of UK postcodes (never C, I, K, M, O or V).
const inwardLetters = 'ABDEFGHJLNPQRSTUWXYZ';
const types: StockistType[] = ['builders_merchant', 'trade_counter', 'diy_store'];

export function buildStockists() {
  const rows: (typeof stockists.$inferInsert)[] = [];
  towns.forEach((town, t) => {
    const count = 2 + (t % 3 === 0 ? 1 : 0);
    for (let k = 0; k < count; k++) {
      const n = t * 3 + k;
      const type = types[n % types.length]!;
      const brandList = brands[type];
      // Deterministic spread of up to ±0.024° (≈ 2.5 km) around the town centre.
      const dLat = (((n * 37) % 17) - 8) * 0.003;
      const dLng = (((n * 53) % 19) - 9) * 0.004;
      const inward = `${(n % 9) + 1}${inwardLetters[n % inwardLetters.length]}${inwardLetters[(n * 7) % inwardLetters.length]}`;
      rows.push({
        siteId: UK_SITE_ID,
        name: `${brandList[(t + k) % brandList.length]} ${town.name}`,
        type,
        address: `${10 + ((n * 13) % 180)} ${streets[n % streets.length]}`,
        town: town.name,
        postcode: `${town.district} ${inward}`,
        latitude: Math.round((town.latitude + dLat) * 1e5) / 1e5,
        longitude: Math.round((town.longitude + dLng) * 1e5) / 1e5,
        // Ofcom's range reserved for fiction, so no real business is ever called.
        phone: `01632 960${String(n % 1000).padStart(3, '0')}`,
        openingHours: hours[type],
        audiences: audiencesOf[type],
      });
    }
  });
  return rows;
}

export async function seedStockists(db: Database): Promise<void> {
  await db.insert(postcodes).values(postcodeAreas.map((a) => ({ ...a, precision: 'area' as const })));
  await db.insert(stockists).values(buildStockists());
}
