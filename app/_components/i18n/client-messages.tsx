import 'server-only';
import type { ReactNode } from 'react';
import { getMessages } from 'next-intl/server';
import { pickNamespaces, SHELL_NAMESPACES } from '@/lib/i18n/client-messages';
import type { MessageTree } from '@/lib/i18n/messages';
import { MoreMessages } from './more-messages';

/**
 * A page's messages for its client components, beside the shell's that the root layout sends (lib/i18n/client-messages.ts):
 * the namespaces named, or `'all'` for a screen that has not named its own.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: Iterable<string> | 'all'; children: ReactNode }) {
  const messages = (await getMessages()) as MessageTree;
  const picked = pickNamespaces(messages, namespaces === 'all' ? Object.keys(messages) : namespaces, SHELL_NAMESPACES);
  return <MoreMessages messages={picked}>{children}</MoreMessages>;
}
