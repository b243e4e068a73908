'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { Button, buttonClasses } from './button';
import { errorKindOf, errorReference, type ErrorKind } from './error-kind';
import { AlertIcon, RefreshIcon } from './icons';
import { StatusPage } from './status-page';

const TITLES: Record<ErrorKind, string> = {
  chunk: 'chunkReload.title',
  upstreamDown: 'errors.upstream.downTitle',
  upstreamTimeout: 'errors.upstream.timeoutTitle',
  upstreamMalformed: 'errors.upstream.malformedTitle',
  sessionEnded: 'errors.sessionEnded.title',
  notAuthorized: 'spec.errors.notAuthorized',
  generic: 'errors.boundary.title',
};

const BODIES: Record<ErrorKind, string> = {
  chunk: 'chunkReload.body',
  upstreamDown: 'errors.upstream.down',
  upstreamTimeout: 'errors.upstream.timeout',
  upstreamMalformed: 'errors.upstream.malformed',
  sessionEnded: 'errors.sessionEnded.body',
  notAuthorized: 'errors.notAuthorized.body',
  generic: 'errors.boundary.body',
};

/**
 * The body of the error boundary: a clear, translated message for known failures (upstream down or slow, stale
 * chunk, ended session) and a generic one otherwise. Never shows a stack trace or the raw error text.
 * Pass `landmark={false}` inside a layout that already renders `<main id="main">`.
 */
export function ErrorView({ error, onRetry, landmark = true }: { error: unknown; onRetry: () => void; landmark?: boolean }) {
  const t = useTranslations();
  const kind = errorKindOf(error);
  const reference = errorReference(error);
  const actions =
    kind === 'chunk' ? (
      <Button onClick={() => window.location.reload()} icon={<RefreshIcon className="size-4" />}>
        {t('chunkReload.reload')}
      </Button>
    ) : kind === 'sessionEnded' ? (
      <Link href="/auth/login" className={buttonClasses()}>
        {t('errors.sessionEnded.signIn')}
      </Link>
    ) : (
      <>
        <Button onClick={onRetry} icon={<RefreshIcon className="size-4" />}>
          {t('common.retry')}
        </Button>
        <Link href="/" className={buttonClasses({ variant: 'secondary' })}>
          {t('common.backHome')}
        </Link>
      </>
    );
  return (
    <StatusPage
      landmark={landmark}
      brand={t('app.name')}
      code={<AlertIcon className="mx-auto size-14 text-danger-text" />}
      title={t(TITLES[kind])}
      description={
        <>
          <p>{t(BODIES[kind])}</p>
          {reference && kind === 'generic' && <p className="mt-3 text-xs">{t('errors.boundary.reference', { reference })}</p>}
        </>
      }
      actions={actions}
    />
  );
}
