import { describe, expect, it } from 'vitest';
import { slideContract } from './resources/slide';

const { create, update, item, query, sortBody } = slideContract.schemas;
const slide = { title: 'Songkran sale', imageUrl: 'https://cdn.example.com/a.png', active: true };
const codesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a resource contract', () => {
  it('fills the defaults of a create and keeps what was given', () => {
    expect(create.parse(slide)).toEqual({ ...slide, linkUrl: '', sortOrder: 0, startsOn: '', endsOn: '' });
  });

  it('answers each bad field with its code', () => {
    const result = create.safeParse({ title: ' ', imageUrl: 'ftp://x', linkUrl: 'nope', sortOrder: 1.5, active: 'yes', startsOn: '2026-02-30' });
    expect(codesOf(result)).toEqual({
      title: 'required',
      imageUrl: 'invalidUrl',
      linkUrl: 'invalidUrl',
      sortOrder: 'integer',
      active: 'required',
      startsOn: 'invalidDate',
    });
  });

  it('refuses a period that ends before it starts, on create and update', () => {
    const period = { ...slide, startsOn: '2026-12-10', endsOn: '2026-12-01' };
    expect(codesOf(create.safeParse(period))).toEqual({ endsOn: 'endBeforeStart' });
    expect(codesOf(update.safeParse({ ...period, version: 3 }))).toEqual({ endsOn: 'endBeforeStart' });
    expect(update.safeParse({ ...slide, startsOn: '2026-12-01', endsOn: '2026-12-01', version: 3 }).success).toBe(true);
  });

  it('requires the version on an update', () => {
    expect(codesOf(update.safeParse(slide))).toEqual({ version: 'required' });
  });

  it("reads rows loosely: bounds are the writer's, not the reader's", () => {
    const row = {
      id: 4,
      version: 2,
      createdAt: 'x',
      updatedAt: 'y',
      title: 'x'.repeat(300),
      imageUrl: 'not checked',
      linkUrl: '',
      sortOrder: 3,
      active: false,
      startsOn: '',
      endsOn: '',
    };
    expect(item.parse(row)).toMatchObject({ id: '4', title: 'x'.repeat(300), sortOrder: 3 });
    expect(item.safeParse({ ...row, sortOrder: 'three' }).success).toBe(false);
  });

  it('parses the list query strictly', () => {
    expect(query.parse({ page: '2', pageSize: '50', sort: 'title', order: 'desc', active: 'true' })).toMatchObject({
      page: 2,
      pageSize: 50,
      sort: 'title',
      active: 'true',
    });
    expect(query.safeParse({ sort: 'imageUrl' }).success).toBe(false);
    expect(query.safeParse({ colour: 'red' }).success).toBe(false);
    expect(sortBody.parse({ ids: [3, '1'] })).toEqual({ ids: ['3', '1'] });
  });

  it('names its place on the wire', () => {
    expect(slideContract.apiPath('Delivery')).toBe('/api/admin/Delivery/Slide');
    expect(slideContract.defaultSort).toEqual({ sort: 'sortOrder', order: 'asc' });
  });
});
