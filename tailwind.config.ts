import type { Config } from 'tailwindcss';

/**
 * Design tokens. Brand colours are the spec's; the `strong` shades carry text (white on them passes WCAG AA for small
 * text), the brand shades themselves are for fills, borders and large marks. Themed colours point at CSS variables
 * set per theme in `app/globals.css` (light, dark, semi-dark = dark menu on light content).
 */
export const palette = {
  primary: '#7367F0',
  primaryStrong: '#5E50EE',
  primaryHover: '#4F42D8',
  success: '#28C76F',
  successStrong: '#1B8A4C',
  danger: '#EA5455',
  dangerStrong: '#C72C2E',
  warning: '#FF9F43',
  warningStrong: '#8A4B00',
  dark: '#1E1E1E',
  white: '#FFFFFF',
} as const;

/** The spec's width breakpoints. */
export const breakpoints = { sm: '576px', md: '768px', lg: '992px', xl: '1200px' } as const;

const tone = (name: string, base: string, strong: string) => ({
  DEFAULT: base,
  strong,
  soft: `var(--${name}-soft)`,
  text: `var(--${name}-text)`,
});

const config = {
  content: ['./app/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  darkMode: 'class',
  theme: {
    screens: breakpoints,
    extend: {
      colors: {
        primary: { ...tone('primary', palette.primary, palette.primaryStrong), hover: palette.primaryHover },
        success: tone('success', palette.success, palette.successStrong),
        danger: tone('danger', palette.danger, palette.dangerStrong),
        warning: tone('warning', palette.warning, palette.warningStrong),
        neutral: { soft: 'var(--neutral-soft)', text: 'var(--neutral-text)' },
        dark: palette.dark,
        page: 'var(--page)',
        surface: { DEFAULT: 'var(--surface)', muted: 'var(--surface-muted)' },
        fg: { DEFAULT: 'var(--fg)', muted: 'var(--fg-muted)' },
        line: 'var(--line)',
        focus: 'var(--focus)',
        menu: {
          DEFAULT: 'var(--menu-bg)',
          fg: 'var(--menu-fg)',
          muted: 'var(--menu-fg-muted)',
          line: 'var(--menu-line)',
          active: 'var(--menu-active)',
        },
      },
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Noto Sans"',
          '"Noto Sans Thai"',
          '"Noto Sans Myanmar"',
          'Padauk',
          '"Myanmar Text"',
          '"Leelawadee UI"',
          '"Noto Sans SC"',
          '"Noto Sans CJK SC"',
          '"PingFang SC"',
          '"Microsoft YaHei"',
          '"Helvetica Neue"',
          'Arial',
          'sans-serif',
        ],
      },
      boxShadow: {
        card: '0 4px 18px rgb(47 43 61 / 0.08)',
      },
    },
  },
} satisfies Config;

export default config;
