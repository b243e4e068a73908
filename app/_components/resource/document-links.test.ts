import { describe, expect, it } from 'vitest';
import { isImageUrl } from './document-links';

describe('a registration’s documents', () => {
  it('shows pictures as thumbnails and other papers as links', () => {
    expect(isImageUrl('https://example.com/docs/1/id-card.JPG')).toBe(true);
    expect(isImageUrl('https://cdn.example.com/p.webp?size=2')).toBe(true);
    expect(isImageUrl('https://example.com/docs/1/registration.pdf')).toBe(false);
    expect(isImageUrl('https://example.com/jpg')).toBe(false);
  });
});
