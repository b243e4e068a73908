import { describe, expect, it } from 'vitest';
import { voucherContract } from '@contract/resources/voucher';
import { toBody, toFormValues } from './form-values';
import { voucherResource } from './voucher';

const row = {
  code: 'RAIN50',
  title: 'Rainy season',
  amountKind: 'percent',
  amount: 1250,
  maxDiscount: 5000,
  expireDate: '2030-01-31',
  limitMax: 100,
  perUser: 2,
  shopId: null,
  typeOfDiscount: 'both',
  limitAmountByOrder: 3,
  typeLimitAmountByOrder: 'order_amount',
  source: 'app',
  active: true,
};

describe('the voucher form', () => {
  it('types a percent amount in percent and a money amount in baht, and sends basis points and satang', () => {
    const values = toFormValues(voucherResource, row);
    expect(values).toMatchObject({ amount: '12.50', maxDiscount: '50.00', limitAmountByOrder: '3' });
    expect(toBody(voucherResource, values, { mode: 'edit', isAdmin: false })).toMatchObject({ amount: 1250, maxDiscount: 5000, limitAmountByOrder: 3 });
    const fixed = toFormValues(voucherResource, {
      ...row,
      amountKind: 'fixed',
      amount: 2000,
      typeLimitAmountByOrder: 'order_price',
      limitAmountByOrder: 25_000,
    });
    expect(fixed).toMatchObject({ amount: '20.00', limitAmountByOrder: '250.00' });
    const body = toBody(voucherResource, fixed, { mode: 'edit', isAdmin: false });
    // The cap applies to a percent voucher only: a fixed one leaves it out (the contract's 0, no cap).
    expect(body).not.toHaveProperty('maxDiscount');
    expect(voucherContract.schemas.update.parse({ ...body, version: 1 })).toMatchObject({ amount: 2000, maxDiscount: 0, limitAmountByOrder: 25_000 });
  });

  it('keeps the code in upper case and refuses anything but letters and digits', () => {
    const ok = voucherContract.schemas.create.safeParse({ ...row, code: ' rain50 ', shopId: undefined });
    expect(ok.success && ok.data.code).toBe('RAIN50');
    const bad = voucherContract.schemas.create.safeParse({ ...row, code: 'RAIN-50' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['code', 'invalidVoucherCode']]);
  });
});
