import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  formatDistance,
  googleDirectionsUrl,
  originName,
  osmDirectionsUrl,
  precisionNote,
  radiusMiles,
  readSearchText,
  telHref,
} from './stockists.ts';

describe('readSearchText', () => {
  it('recognises full postcodes in any case and spacing, and formats them', () => {
    expect(readSearchText('m1 1ae')).toEqual({ postcode: 'M1 1AE' });
    expect(readSearchText(' SW1A1AA ')).toEqual({ postcode: 'SW1A 1AA' });
    expect(readSearchText('ls1   4ap')).toEqual({ postcode: 'LS1 4AP' });
  });

  it('recognises districts and areas', () => {
    expect(readSearchText('m1')).toEqual({ postcode: 'M1' });
    expect(readSearchText('EC1A')).toEqual({ postcode: 'EC1A' });
    expect(readSearchText('ls')).toEqual({ postcode: 'LS' });
  });

  it('treats anything else as a town, and empty text as nothing', () => {
    expect(readSearchText('  Leeds ')).toEqual({ town: 'Leeds' });
    expect(readSearchText('Newcastle  upon Tyne')).toEqual({ town: 'Newcastle upon Tyne' });
    expect(readSearchText('Ayr')).toEqual({ town: 'Ayr' });
    expect(readSearchText('   ')).toBeUndefined();
  });
});

describe('list formatting', () => {
  it('shows distances in miles with km beside', () => {
    expect(formatDistance(5)).toEqual({ miles: '3.1', km: '5.0' });
    expect(formatDistance(0)).toEqual({ miles: '0.0', km: '0.0' });
    expect(radiusMiles(80.47)).toBe(50);
  });

  it('writes UK phone numbers as international tel links', () => {
    expect(telHref('0161 496 0000')).toBe('tel:+441614960000');
    expect(telHref('+44 113 496 0123')).toBe('tel:+441134960123');
  });

  it('joins the address on one line', () => {
    expect(formatAddress({ address: '12 Mill Lane', town: 'Leeds', postcode: 'LS1 4AP' })).toBe(
      '12 Mill Lane, Leeds, LS1 4AP',
    );
  });

  it('links to directions on Google Maps and OpenStreetMap', () => {
    const to = { latitude: 53.4808, longitude: -2.2426 };
    expect(googleDirectionsUrl(to)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=53.4808%2C-2.2426',
    );
    expect(osmDirectionsUrl(to)).toBe('https://www.openstreetmap.org/directions?route=%3B53.4808%2C-2.2426');
  });
});

describe('precisionNote and originName', () => {
  const area = { label: 'M', precision: 'area' };
  it('says a full postcode or district is measured from its area centre when only the area is known', () => {
    expect(precisionNote({ postcode: 'M1 1AE' }, area)).toEqual({
      key: 'stockists.precision_area_coarser',
      values: { label: 'M', query: 'M1 1AE' },
    });
    expect(precisionNote({ postcode: 'M1' }, area)?.key).toBe('stockists.precision_area_coarser');
    expect(precisionNote({ postcode: 'M' }, area)?.key).toBe('stockists.precision_area');
    expect(precisionNote({ postcode: 'M1 1AE' }, { label: 'M1', precision: 'district' })?.key).toBe(
      'stockists.precision_district_coarser',
    );
  });

  it('says nothing when the origin is exact: a full postcode, a town or the visitor location', () => {
    expect(precisionNote({ postcode: 'M1 1AE' }, { label: 'M1 1AE', precision: 'full' })).toBeUndefined();
    expect(precisionNote({ town: 'leeds' }, { label: 'Leeds', precision: 'town' })).toBeUndefined();
    expect(
      precisionNote({ latitude: 53.4, longitude: -2.2 }, { label: '', precision: 'point' }),
    ).toBeUndefined();
  });

  it('names the postcode as typed, the town as the back-office spells it, or the visitor location', () => {
    expect(originName({ postcode: 'M1 1AE' }, area, 'your location')).toBe('M1 1AE');
    expect(originName({ town: 'leeds' }, { label: 'Leeds' }, 'your location')).toBe('Leeds');
    expect(originName({ latitude: 53.4, longitude: -2.2 }, area, 'your location')).toBe('your location');
  });
});
