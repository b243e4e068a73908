import { describe, expect, it } from 'vitest';
import { promotionStatus } from '@contract/resources/promotion';
import { toBody, toFormValues, type FormValues } from './form-values';
import { popularResource } from './popular';
import { promotionResource } from './promotion';

const typed = {
  title: 'Two shops',
  imageUrl: 'https://cdn.example.com/p.png',
  startsOn: '2026-12-01',
  endsOn: '2026-12-31',
};

describe('the promotion form', () => {
  it('sends the chosen shops only while the promotion is for selected shops', () => {
    const values: FormValues = { ...toFormValues(promotionResource, promotionResource.defaults), ...typed, shopIds: ['4', '9'] };
    expect(values.target).toBe('app');
    const wide = toBody(promotionResource, values, { mode: 'add', isAdmin: false });
    expect(wide).not.toHaveProperty('shopIds');
    expect(promotionResource.schemas.create.safeParse(wide).success).toBe(true);

    const shops = toBody(promotionResource, { ...values, target: 'shops' }, { mode: 'add', isAdmin: false });
    expect(shops.shopIds).toEqual(['4', '9']);
    expect(promotionResource.schemas.create.parse(shops)).toMatchObject({ target: 'shops', shopIds: [4, 9] });
    const none = promotionResource.schemas.create.safeParse({ ...shops, shopIds: [] });
    expect(none.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['shopIds', 'required']]);
  });

  it('reads a saved row back as the ids it names', () => {
    const values = toFormValues(promotionResource, { ...typed, target: 'shops', shopIds: [4, 9], active: true });
    expect(values.shopIds).toEqual(['4', '9']);
    expect(values.active).toBe(true);
  });

  it('says where a promotion stands on a day', () => {
    const row = { active: true, startsOn: '2026-12-01', endsOn: '2026-12-31' };
    expect(promotionStatus(row, '2026-11-30')).toBe('scheduled');
    expect(promotionStatus(row, '2026-12-01')).toBe('running');
    expect(promotionStatus(row, '2026-12-31')).toBe('running');
    expect(promotionStatus(row, '2027-01-01')).toBe('ended');
    expect(promotionStatus({ ...row, active: false }, '2026-12-15')).toBe('off');
  });
});

describe('the popular shop form', () => {
  it('hand-orders the rows by the shop’s name', () => {
    expect(popularResource.handOrder).toMatchObject({ field: 'sortOrder', label: 'shopName' });
    expect(popularResource.columns.find((c) => c.link)?.field).toBe('shopName');
  });
});
