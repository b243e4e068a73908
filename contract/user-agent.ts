/**
 * What a person recognises of a browser's user-agent string: the kind of device and the browser with its system
 * (`Chrome on Windows`). Rough by design: it names, it does not identify.
 */
export interface DeviceDescription {
  device: 'desktop' | 'phone' | 'tablet' | 'other';
  browser: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/node|undici|curl|axios|python|okhttp/i, 'App or script'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(ua: string | null | undefined): DeviceDescription {
  const text = ua ?? '';
  if (!text) return { device: 'other', browser: '' };
  const browser = BROWSERS.find(([re]) => re.test(text))?.[1] ?? '';
  const system = SYSTEMS.find(([re]) => re.test(text))?.[1];
  const device =
    /iPad|Tablet/.test(text) || (/Android/.test(text) && !/Mobile/.test(text))
      ? 'tablet'
      : /Mobi|iPhone|iPod/.test(text)
        ? 'phone'
        : system
          ? 'desktop'
          : 'other';
  return { device, browser: [browser, system].filter(Boolean).join(' on ') };
}
