import { describe, expect, it } from 'vitest';
import { callbackSecret, type CallbackOrder } from './payment-callback';
import { encryptSecret } from './payment-settings';

const SETTINGS = 'settings-secret-0123456789-abcdefghijklmnop';
const secrets = { platform: 'platform-webhook-secret-0123456789', settings: SETTINGS };
const order = (sealedSecret: string): CallbackOrder => ({
  id: 1,
  companyId: 1,
  appId: 1,
  areaId: 1,
  kind: 'food',
  paymentMethod: 'promptpay',
  total: 14_000,
  appType: 'Delivery',
  sealedSecret,
});

describe('callbackSecret', () => {
  it("is the provider's key saved for the order's area, in clear", () => {
    expect(callbackSecret(order(encryptSecret(SETTINGS, 'area-key')), secrets)).toBe('area-key');
  });

  it('is the platform-wide secret where no key is saved, and for an order that does not exist', () => {
    expect(callbackSecret(order(''), secrets)).toBe(secrets.platform);
    expect(callbackSecret(undefined, secrets)).toBe(secrets.platform);
  });

  it('is none when the saved key was sealed under another SETTINGS_SECRET: nothing verifies, not even the platform secret', () => {
    expect(callbackSecret(order(encryptSecret('an-older-settings-secret-0123456789', 'area-key')), secrets)).toBeNull();
  });
});
