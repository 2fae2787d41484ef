/** The three renderers on plain data: the text read back from each PDF holds the numbers, VAT number and totals. */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/pdf-text.ts';
import { renderCreditNote, splitCredit } from './credit-note.ts';
import { renderInvoice, type InvoiceData } from './invoice.ts';
import { renderPackingSlip } from './packing-slip.ts';
import { formatVatNumber } from './render.ts';

const company = {
  name: 'Plasterwick Ltd',
  address: ['Ribbleside Works', 'Preston', 'Lancashire', 'United Kingdom'],
  number: '00000000',
  vatNumber: 'GB123456789',
};
const customer = { name: 'Alex Morgan', lines: ['1 Mill Lane', 'Manchester', 'M1 1AE', 'GB'] };

const invoice: InvoiceData = {
  company,
  number: 'INV-000123',
  issuedAt: new Date('2026-11-28T10:00:00Z'),
  timeOfSupply: new Date('2026-11-27T23:30:00Z'),
  orderNumber: 'PW-000042',
  poNumber: 'PO-7781',
  customer,
  lines: [
    {
      reference: 'MF-5KG',
      description: 'Multi-Fill Powder, 5 kg bag',
      quantity: 100,
      unitExPence: 1250,
      vatRateBp: 2000,
      line: { ex: 125000, vat: 25000, inc: 150000 },
    },
  ],
  subtotal: { ex: 125000, vat: 25000, inc: 150000 },
  discount: { label: 'TRADE10', amounts: { ex: 12500, vat: 2500, inc: 15000 } },
  shipping: { label: 'Next day', amounts: { ex: 995, vat: 199, inc: 1194 } },
  total: { ex: 113495, vat: 22699, inc: 136194 },
  payment: { method: 'card', paidAt: new Date('2026-11-27T23:30:00Z') },
};

describe('the VAT invoice', () => {
  it('names the supplier with its VAT and company numbers, the customer, each line and the totals in sterling', async () => {
    const text = await pdfText(await renderInvoice(invoice));
    for (const expected of [
      'VAT invoice',
      'INV-000123',
      'PW-000042',
      'PO-7781',
      'Plasterwick Ltd',
      'Ribbleside Works',
      'GB 123 4567 89',
      'Company number 00000000',
      'Alex Morgan',
      'M1 1AE',
      'Multi-Fill Powder, 5 kg bag (MF-5KG)',
      '£12.50',
      '20%',
      '£1,250.00',
      '£1,500.00',
      'Discount (TRADE10)',
      '-£150.00',
      'Delivery (Next day)',
      '£11.94',
      'Total ex VAT £1,134.95',
      'VAT £226.99',
      'Total inc VAT £1,361.94',
      // The tax point is the London calendar day: 23:30 UTC on 27 November is still the 27th in winter.
      'Time of supply (tax point) 27 November 2026',
      'Date of issue 28 November 2026',
      'Paid by card on 27 November 2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('gives an account customer the due date, and leaves the discount out when there is none', async () => {
    const text = await pdfText(
      await renderInvoice({
        ...invoice,
        poNumber: null,
        discount: null,
        payment: { method: 'on_account', dueAt: new Date('2026-12-27T12:00:00Z'), paidAt: null },
      }),
    );
    expect(text).toContain('On account: payment due by 27 December 2026');
    expect(text).toContain('Purchase order None given');
    expect(text).not.toContain('Discount');
  });
});

describe('the credit note', () => {
  it('splits each amount inc VAT at its rate, half up', () => {
    expect(splitCredit(1200, 2000)).toEqual({ ex: 1000, vat: 200, inc: 1200 });
    // 1001 × 2000 / 12000 = 166.83 → 167.
    expect(splitCredit(1001, 2000)).toEqual({ ex: 834, vat: 167, inc: 1001 });
    // 3 × 2000 / 12000 = 0.5 → 1 (half up).
    expect(splitCredit(3, 2000)).toEqual({ ex: 2, vat: 1, inc: 3 });
  });

  it('names the invoice it corrects, the refunded lines, the reason and the totals credited', async () => {
    const text = await pdfText(
      await renderCreditNote({
        company,
        number: 'CN-000045',
        issuedAt: new Date('2026-12-01T09:00:00Z'),
        invoice: { number: 'INV-000123', issuedAt: new Date('2026-11-28T10:00:00Z') },
        orderNumber: 'PW-000042',
        customer,
        reason: 'Two bags arrived split',
        lines: [
          {
            description: 'Multi-Fill Powder, 5 kg bag (MF-5KG)',
            quantity: 2,
            incPence: 3000,
            vatRateBp: 2000,
          },
          { description: 'Delivery charge', quantity: null, incPence: 1194, vatRateBp: 2000 },
        ],
      }),
    );
    for (const expected of [
      'Credit note',
      'CN-000045',
      'Corrects VAT invoice INV-000123 of 28 November 2026',
      'PW-000042',
      'Two bags arrived split',
      'GB 123 4567 89',
      '£25.00',
      '£5.00',
      '£30.00',
      '£9.95',
      '£1.99',
      'Total credited ex VAT £34.95',
      'VAT £6.99',
      'Total credited inc VAT £41.94',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});

describe('the packing slip', () => {
  const lines = [
    { reference: 'MF-5KG', description: 'Multi-Fill Powder, 5 kg bag', quantity: 3 },
    { reference: 'KN-100', description: 'Filling knife, 100 mm', quantity: 1 },
  ];

  it('gives the delivery address and each line with its quantity, and no prices', async () => {
    const text = await pdfText(
      await renderPackingSlip({
        company,
        orderNumber: 'PW-000042',
        placedAt: new Date('2026-11-27T10:00:00Z'),
        destination: { method: 'delivery', recipient: customer, carrier: 'Next day', phone: '0161 496 0000' },
        lines,
      }),
    );
    for (const expected of [
      'Packing slip',
      'PW-000042',
      'Deliver to (Next day)',
      'M1 1AE',
      'MF-5KG',
      'KN-100',
      '4 items in 2 lines',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('£');
  });

  it('names the collecting stockist', async () => {
    const text = await pdfText(
      await renderPackingSlip({
        company,
        orderNumber: 'PW-000043',
        placedAt: new Date('2026-11-27T10:00:00Z'),
        destination: {
          method: 'collect',
          stockist: { name: 'Preston Builders Merchants', lines: ['2 Dock Road', 'Preston', 'PR1 8AA'] },
          collector: 'Alex Morgan',
          phone: '0161 496 0000',
        },
        lines,
      }),
    );
    expect(text).toContain('Collect from stockist');
    expect(text).toContain('Preston Builders Merchants');
    expect(text).toContain('Collected by Alex Morgan');
  });
});

it('groups a VAT number as HMRC prints it', () => {
  expect(formatVatNumber('GB123456789')).toBe('GB 123 4567 89');
  expect(formatVatNumber('GB123456789012')).toBe('GB 123 4567 89 012');
});
