import { describe, expect, it } from 'vitest';
import { parseHours, stockistChanges, stockistForm, type StaffStockist } from './stockists.ts';

const shop: StaffStockist = {
  id: 4,
  version: 2,
  name: 'Leeds Trade Supplies',
  type: 'trade_counter',
  address: '1 Kirkstall Road',
  town: 'Leeds',
  postcode: 'LS3 1LH',
  latitude: 53.8,
  longitude: -1.56,
  phone: '0113 496 0000',
  opening_hours: [{ days: 'Monday to Friday', hours: '7am to 5pm' }],
  audiences: ['pro'],
};

describe('the stockist form', () => {
  it('reads opening hours as lines', () => {
    expect(parseHours('Monday to Friday: 7am to 5pm\n\nSaturday: 8am to 12pm')).toEqual([
      { days: 'Monday to Friday', hours: '7am to 5pm' },
      { days: 'Saturday', hours: '8am to 12pm' },
    ]);
  });

  it('sends only what changed', () => {
    expect(stockistChanges(stockistForm(shop), shop)).toEqual({});
    const values = {
      ...stockistForm(shop),
      town: 'Bradford',
      diy: true,
      hours: 'Monday to Friday: 7am to 6pm',
    };
    expect(stockistChanges(values, shop)).toEqual({
      town: 'Bradford',
      audiences: ['pro', 'part'],
      opening_hours: [{ days: 'Monday to Friday', hours: '7am to 6pm' }],
    });
  });
});
