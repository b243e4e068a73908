'use client';

import { useRef, useState, type DragEvent } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { IMPORT_EXTENSIONS, MAX_IMPORT_BYTES, type ImportKind } from '@contract/imports';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';

/** The file chooser and drop zone: sends the file's bytes to the BFF, then opens its preview (`?job=`). */
export function ImportUpload({ api, kind }: { api: string; kind: ImportKind }) {
  const t = useTranslations('imports');
  const tv = useTranslations('validation');
  const router = useRouter();
  const pathname = usePathname();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file || busy) return;
    setError(null);
    if (!IMPORT_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))) return setError(t('upload.wrongType'));
    if (file.size > MAX_IMPORT_BYTES) return setError(tv('importTooLarge'));
    setBusy(true);
    try {
      const res = await fetch(`${api}?fileName=${encodeURIComponent(file.name.slice(0, 200))}`, {
        method: 'POST',
        body: file,
        headers: { 'content-type': 'application/octet-stream' },
        credentials: 'same-origin',
      });
      const answer = (await res.json().catch(() => null)) as {
        data?: { id?: string; params?: { file?: Record<string, number> } };
        errors?: Record<string, string[]>;
      } | null;
      if (res.ok && answer?.data?.id) {
        router.push(`${pathname}?job=${answer.data.id}`);
        router.refresh();
        return;
      }
      const code = answer?.errors?.file?.[0];
      setError(
        res.status === 413
          ? tv('importTooLarge')
          : res.status === 403
            ? t('upload.notAllowed')
            : code && tv.has(code)
              ? tv(code, { limit: 0, ...answer?.data?.params?.file })
              : t('upload.failed'),
      );
    } catch {
      setError(t('upload.failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const drop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setOver(false);
    void send(e.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-3">
      <label
        htmlFor={`import-file-${kind}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center text-sm focus-within:ring-2 focus-within:ring-primary ${over ? 'border-primary bg-primary-soft' : 'border-line'}`}
      >
        {busy ? (
          <span className="flex items-center gap-2" role="status">
            <Spinner /> {t('upload.checking')}
          </span>
        ) : (
          <>
            <span className="font-medium">{t('upload.drop')}</span>
            <span className="text-fg-muted">{t('upload.limits')}</span>
          </>
        )}
        <input
          ref={input}
          id={`import-file-${kind}`}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          disabled={busy}
          aria-label={t('upload.choose')}
          onChange={(e) => void send(e.target.files?.[0])}
        />
      </label>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
