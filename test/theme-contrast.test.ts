import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { palette } from '@/tailwind.config';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The CSS variables each theme sets in app/globals.css (semi-dark = light values + its own menu values). */
function themes(): Record<'light' | 'dark' | 'semi-dark', Record<string, string>> {
  const css = readFileSync(path.resolve(import.meta.dirname, '../app/globals.css'), 'utf8');
  const block = (selector: RegExp) => {
    const body = selector.exec(css)?.[1] ?? '';
    return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
  };
  const light = block(/:root,\s*\.light\s*\{([^}]*)\}/);
  return { light, dark: block(/\n\.dark\s*\{([^}]*)\}/), 'semi-dark': { ...light, ...block(/\n\.semi-dark\s*\{([^}]*)\}/) } };
}

/** Text on background pairs that carry small text. */
const TEXT_PAIRS: [string, string][] = [
  ['fg', 'page'],
  ['fg', 'surface'],
  ['fg', 'surface-muted'],
  ['fg-muted', 'page'],
  ['fg-muted', 'surface'],
  ['fg-muted', 'surface-muted'],
  ['primary-text', 'surface'],
  ['primary-text', 'page'],
  ['primary-text', 'primary-soft'],
  ['success-text', 'success-soft'],
  ['danger-text', 'danger-soft'],
  ['danger-text', 'surface'],
  ['warning-text', 'warning-soft'],
  ['neutral-text', 'neutral-soft'],
  ['menu-fg', 'menu-bg'],
  ['menu-fg-muted', 'menu-bg'],
];

describe('theme contrast (WCAG AA)', () => {
  const all = themes();

  it.each(Object.keys(all) as (keyof typeof all)[])('%s: every text colour reads at 4.5:1 on its background', (name) => {
    const vars = all[name];
    const failing = TEXT_PAIRS.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, fg: vars[fg], bg: vars[bg] }))
      .map((p) => ({ ...p, ratio: p.fg && p.bg ? contrast(p.fg, p.bg) : 0 }))
      .filter((p) => p.ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it.each(Object.keys(all) as (keyof typeof all)[])('%s: the focus ring stands out at 3:1 against surfaces', (name) => {
    const vars = all[name];
    expect(contrast(vars.focus!, vars.surface!)).toBeGreaterThanOrEqual(3);
    expect(contrast(vars.focus!, vars.page!)).toBeGreaterThanOrEqual(3);
  });

  it('white text on filled buttons reads at 4.5:1, and the raw brand colour would not', () => {
    expect(contrast('#ffffff', palette.primaryStrong)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', palette.primaryHover)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', palette.dangerStrong)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', palette.primary)).toBeLessThan(4.5);
  });

  it('keeps the spec brand colours', () => {
    expect(palette).toMatchObject({ primary: '#7367F0', success: '#28C76F', danger: '#EA5455', warning: '#FF9F43', dark: '#1E1E1E' });
  });
});
