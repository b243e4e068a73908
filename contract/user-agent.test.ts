import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it('names the device and the browser on its system', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({
      device: 'desktop',
      browser: 'Chrome on Windows',
    });
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1')).toEqual({
      device: 'phone',
      browser: 'Safari on iOS',
    });
    expect(describeUserAgent('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36')).toEqual({
      device: 'tablet',
      browser: 'Chrome on Android',
    });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) Gecko/20100101 Firefox/133.0').browser).toBe('Firefox on macOS');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0').browser).toBe('Edge on Windows');
  });

  it('says little of what it does not know', () => {
    expect(describeUserAgent(null)).toEqual({ device: 'other', browser: '' });
    expect(describeUserAgent('node')).toEqual({ device: 'other', browser: 'App or script' });
  });
});
