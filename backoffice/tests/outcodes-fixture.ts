/**
 * A small postcode-district file in the format of an outcode CSV (`outcode,latitude,longitude`), written for
 * these tests: approximate district centres placed near the town centres of the seed (seed/content/places.ts).
 * The postcode tests import it by default, so `npm test` needs nothing outside the repository; a full outcode
 * file can be given through `UK_OUTCODES_CSV` for the optional import test.
 */

/** District centres the tests check by value. */
export const FIXTURE_DISTRICTS = {
  M1: { latitude: 53.4779, longitude: -2.2361 },
  M20: { latitude: 53.4237, longitude: -2.2318 },
  SK1: { latitude: 53.4093, longitude: -2.1529 },
} as const;

const rows: [string, number, number][] = [
  ['M1', FIXTURE_DISTRICTS.M1.latitude, FIXTURE_DISTRICTS.M1.longitude],
  ['M2', 53.4806, -2.2449],
  ['M5', 53.4862, -2.2937],
  ['M20', FIXTURE_DISTRICTS.M20.latitude, FIXTURE_DISTRICTS.M20.longitude],
  ['SK1', FIXTURE_DISTRICTS.SK1.latitude, FIXTURE_DISTRICTS.SK1.longitude],
  ['SK2', 53.3968, -2.1347],
  ['SK4', 53.4189, -2.1866],
  ['BL1', 53.5811, -2.4358],
  ['LS1', 53.7982, -1.5467],
  ['B1', 52.4803, -1.9042],
  ['BS1', 51.4527, -2.5926],
  ['CF10', 51.4771, -3.1802],
  ['EC1A', 51.5183, -0.1004],
  ['WC2N', 51.5092, -0.1251],
  ['L1', 53.4025, -2.9818],
  ['S1', 53.3797, -1.4688],
  ['NE1', 54.9721, -1.6133],
  ['G1', 55.8603, -4.2489],
  ['EH1', 55.9512, -3.1906],
  ['BT1', 54.6012, -5.9274],
  ['AB10', 57.1441, -2.1063],
  ['PL1', 50.3702, -4.1451],
];

/** The fixture as CSV text, header first. */
export const OUTCODES_CSV =
  ['outcode,latitude,longitude', ...rows.map((row) => row.join(','))].join('\n') + '\n';

/** Number of districts in the fixture. */
export const FIXTURE_DISTRICT_COUNT = rows.length;

/** A full outcode file to import as well, when `UK_OUTCODES_CSV` names one (never part of the repository). */
export const OPTIONAL_OUTCODES_FILE = process.env.UK_OUTCODES_CSV || undefined;
