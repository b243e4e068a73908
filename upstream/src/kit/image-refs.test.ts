import { describe, expect, it } from 'vitest';
import { newImageKeys } from './image-refs';

const key = (c: string, ext = 'png') => `${c.repeat(64)}.${ext}`;

describe('newImageKeys', () => {
  it('finds the image keys of pictures and galleries, and nothing in web addresses, blanks or other values', () => {
    expect(
      newImageKeys({ imageUrl: key('a'), images: [key('b', 'jpg'), 'https://cdn.example.com/x.png', key('c', 'webp')], title: 'x', sortOrder: 3, linkUrl: '' }),
    ).toEqual([
      ['imageUrl', [key('a')]],
      ['images', [key('b', 'jpg'), key('c', 'webp')]],
    ]);
    expect(newImageKeys({ imageUrl: 'https://cdn.example.com/a.png', images: [], logo: `${'a'.repeat(64)}.gif` })).toEqual([]);
  });

  it('leaves out the keys the row already holds, field by field', () => {
    const current = { imageUrl: key('a'), images: [key('b'), key('c')] };
    expect(newImageKeys({ imageUrl: key('a'), images: [key('c'), key('b')] }, current)).toEqual([]);
    expect(newImageKeys({ imageUrl: key('b'), images: [key('c'), key('d')] }, current)).toEqual([
      ['imageUrl', [key('b')]],
      ['images', [key('d')]],
    ]);
  });
});
