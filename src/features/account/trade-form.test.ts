import { TRADE_MESSAGES } from '@plasterwick/shop-rules/accounts';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { describe, expect, it } from 'vitest';
import { checkTradeApplication, poundsOf } from './trade-form.ts';

const typed = {
  company: 'Hart Plastering Ltd',
  company_number: '73282932000074',
  vat_number: 'GB 123 4567 89',
  expected_monthly_spend_pounds: '£1,500',
  phone: '0161 496 0000',
};

describe('the trade application form', () => {
  it('reads whole pounds as typed', () => {
    expect(poundsOf('£1,500')).toBe(1500);
    expect(poundsOf(' ')).toBeUndefined();
    expect(poundsOf('12.50')).toBeNaN();
  });

  it("checks with the back-office's schema and messages", () => {
    expect(checkTradeApplication(typed).body).toEqual({
      company: 'Hart Plastering Ltd',
      company_number: '73282932000074',
      vat_number: 'GB123456789',
      expected_monthly_spend_pounds: 1500,
      phone: '0161 496 0000',
    });
    const { errors } = checkTradeApplication(
      { ...typed, company: '', company_number: '12', vat_number: 'GB12', expected_monthly_spend_pounds: '' },
      { labelOf: () => undefined },
    );
    expect(errors).toEqual({
      company: MESSAGES.companyName,
      company_number: MESSAGES.companyNumber,
      vat_number: TRADE_MESSAGES.vatNumber,
      expected_monthly_spend_pounds: TRADE_MESSAGES.monthlySpend,
    });
  });
});
