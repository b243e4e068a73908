import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from './lifecycle';
import { CALLBACK_PROVIDERS, methodsOf, paymentCallbackSchema, paymentSignature, providerOf } from './payments';
import { PAYMENT_PROVIDERS } from './resources/payment-settings';

const body = { orderId: '42', kind: 'food', provider: 'qrcode', reference: 'QR-1', amount: 14_000, currency: 'THB', status: 'success' };

describe('payment methods and providers', () => {
  it('puts every method but cash behind one provider, and every area provider behind exactly one method', () => {
    expect(PAYMENT_METHODS.filter((m) => providerOf(m) === null)).toEqual(['cash']);
    for (const m of PAYMENT_METHODS) if (providerOf(m) !== null) expect(CALLBACK_PROVIDERS).toContain(providerOf(m));
    expect(PAYMENT_PROVIDERS.map((p) => methodsOf(p).length)).toEqual([1, 1, 1]);
    expect(providerOf('wallet')).toBe('wallet');
  });
});

describe('the payment callback body', () => {
  it('takes the provider, the amount in satang and an ISO currency code', () => {
    expect(paymentCallbackSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['no provider', { provider: undefined }],
    ['an unknown provider', { provider: 'bank' }],
    ['no amount', { amount: undefined }],
    ['an amount in baht with decimals', { amount: 140.5 }],
    ['a zero amount', { amount: 0 }],
    ['an amount as text', { amount: '14000' }],
    ['no currency', { currency: undefined }],
    ['a lower-case currency', { currency: 'thb' }],
    ['a currency word', { currency: 'Baht' }],
  ])('refuses %s', (_, change) => {
    expect(paymentCallbackSchema.safeParse({ ...body, ...change }).success).toBe(false);
  });

  it('signs the raw body: another body or secret, another signature', async () => {
    const raw = JSON.stringify(body);
    const signature = await paymentSignature('secret-a', raw);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await paymentSignature('secret-b', raw)).not.toBe(signature);
    expect(await paymentSignature('secret-a', JSON.stringify({ ...body, amount: 1 }))).not.toBe(signature);
  });
});
