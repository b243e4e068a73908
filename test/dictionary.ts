import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@/lib/i18n/locales';
import { MESSAGE_PARTS, mergeMessages, resourceMessagePart, type MessageTree } from '@/lib/i18n/messages';
import { RESOURCES } from '@/lib/resources';

const root = path.resolve(import.meta.dirname, '..');

/** A dictionary as the portal serves it: `messages/{locale}.json` merged with each `messages/{part}/{locale}.json`. */
export function dictionaryTree(locale: Locale): MessageTree {
  const read = (file: string): MessageTree => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as MessageTree) : {});
  const main = read(path.join(root, 'messages', `${locale}.json`));
  const parts = [...MESSAGE_PARTS, ...Object.values(RESOURCES).map((r) => resourceMessagePart(r.namespace))];
  return parts.reduce((tree, part) => mergeMessages(tree, read(path.join(root, 'messages', part, `${locale}.json`))), main);
}
