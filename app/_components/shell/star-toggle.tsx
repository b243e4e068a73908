'use client';

import { useEffect, useState } from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { STARRED_CHANGE_EVENT, STARRED_LIMIT, isStarred, loadStarred, saveStarred, starredKey, toggleStarred, type StarredPage } from '@/lib/starred';
import { useToast } from '../ui/toast';

export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps a user's starred pages in step with local storage, this tab's changes and other tabs'. */
export function useStarredList(uid: string): StarredPage[] {
  const [list, setList] = useState<StarredPage[]>([]);
  useEffect(() => {
    const storage = browserStorage();
    if (!storage) return;
    const sync = () => setList(loadStarred(storage, uid));
    sync();
    const onStorage = (event: StorageEvent) => {
      if (event.key === starredKey(uid)) sync();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(STARRED_CHANGE_EVENT, sync);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(STARRED_CHANGE_EVENT, sync);
    };
  }, [uid]);
  return list;
}

/** Stars or unstars the current page. The first 10 are kept: an 11th star is refused with a message. */
export function StarToggle({ uid, children }: { uid: string; children: React.ReactNode }) {
  const t = useTranslations('shell.starred');
  const pathname = usePathname() ?? '/';
  const list = useStarredList(uid);
  const toast = useToast();
  const starred = isStarred(list, pathname);

  const toggle = async () => {
    const storage = browserStorage();
    if (!storage) return;
    // The registry is needed only now, for the page's label key.
    const { matchRoute } = await import('@/lib/routes');
    const route = matchRoute(pathname)?.route;
    if (!route) return;
    const result = toggleStarred(loadStarred(storage, uid), { path: pathname, label: route.label });
    if (!result.ok) {
      if (result.reason === 'full') toast.show(t('full', { limit: STARRED_LIMIT }), { tone: 'error' });
      return;
    }
    saveStarred(storage, uid, result.list);
    window.dispatchEvent(new Event(STARRED_CHANGE_EVENT));
  };

  return (
    <button
      type="button"
      className="shell-icon-button"
      aria-pressed={starred}
      aria-label={starred ? t('unstar') : t('star')}
      title={starred ? t('unstar') : t('star')}
      onClick={toggle}
      data-testid="star-toggle"
      data-starred={starred ? '' : undefined}
    >
      {children}
    </button>
  );
}
