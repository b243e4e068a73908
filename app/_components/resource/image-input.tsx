'use client';

import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { IMAGE_KEY, IMAGE_TYPES, thumbPath } from '@contract/image-paths';
import { uploadImage } from '@/lib/resources/bff-client';
import { isValidationCode } from '@/lib/resources/validation';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { inputClasses } from '../ui/form-field';

interface ImageInputProps {
  id: string;
  label: string;
  /** `images`: several keys, in the order shown. `image`: one key, or the web address it had before uploads. */
  kind: 'images' | 'image';
  value: string[];
  /** The screen's upload path: `/api/admin/{service}/{path}/Images`. */
  uploadPath: string;
  max?: number;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  onChange: (value: string[]) => void;
}

const ACCEPT = Object.values(IMAGE_TYPES).join(',');

/** A thumbnail of a key, or the address itself for a web address a row held before. */
const previewOf = (value: string) => (IMAGE_KEY.test(value) ? thumbPath(value) : /^https:\/\//i.test(value) ? value : null);

/**
 * Images of a row: thumbnails in order (move, remove) and an upload button (several files at once for `images`). Each
 * file goes to the Platform API as it is chosen; what it refuses is said under the field, in the user's language,
 * and the images already there stay.
 */
export function ImageInput({ id, label, kind, value, uploadPath, max = 8, error, required, disabled, onChange }: ImageInputProps) {
  const t = useTranslations('resource.images');
  const v = useTranslations('validation');
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const buttonId = useId();
  const addressId = `${id}-address`;
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const many = kind === 'images';
  const room = many ? max - value.length : 1;

  const say = (code: string) => (isValidationCode(code) ? v(code, { limit: '' }) : t('uploadFailed'));
  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setProblem(null);
    const chosen = [...files].slice(0, Math.max(room, many ? 0 : 1));
    if (many && files.length > chosen.length) setProblem(t('tooMany', { max }));
    let next = many ? [...value] : [];
    setBusy(chosen.length);
    for (const file of chosen) {
      const answer = await uploadImage(uploadPath, file);
      if ('key' in answer) {
        if (!next.includes(answer.key)) next = many ? [...next, answer.key] : [answer.key];
        onChange(next);
      } else {
        setProblem(`${file.name}: ${answer.refused === 'notAllowed' ? t('notAllowed') : say(answer.refused)}`);
      }
      setBusy((n) => n - 1);
    }
    if (input.current) input.current.value = '';
  };
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const shownError = problem ?? error;
  const errorId = shownError ? `${id}-error` : undefined;

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorId} className="space-y-2 sm:col-span-2" aria-busy={busy > 0 || undefined}>
      <div className="flex items-baseline gap-0.5">
        <span id={labelId} className="text-sm font-medium text-fg">
          {label}
        </span>
        {required && (
          <span aria-hidden="true" className="text-sm text-danger-text">
            *
          </span>
        )}
      </div>
      {value.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-3" aria-label={label}>
          {value.map((item, i) => {
            const src = previewOf(item);
            return (
              <li key={item} className="w-28 space-y-1">
                {src ? (
                  // eslint-disable-next-line @next/next/no-img-element -- thumbnails the Platform API serves through the portal
                  <img src={src} alt={t('alt', { label, n: i + 1 })} className="h-20 w-28 rounded border border-line object-cover" />
                ) : (
                  <span className="block h-20 w-28 truncate rounded border border-line p-1 text-xs">{item}</span>
                )}
                {!disabled && (
                  <div className="flex flex-wrap gap-1">
                    {many && i > 0 && (
                      <Button type="button" size="sm" variant="ghost" onClick={() => move(i, i - 1)} aria-label={t('moveEarlier', { n: i + 1 })}>
                        ←
                      </Button>
                    )}
                    {many && i < value.length - 1 && (
                      <Button type="button" size="sm" variant="ghost" onClick={() => move(i, i + 1)} aria-label={t('moveLater', { n: i + 1 })}>
                        →
                      </Button>
                    )}
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => onChange(value.filter((x) => x !== item))}
                      aria-label={t('remove', { n: i + 1 })}
                    >
                      ✕
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!disabled && (
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPT}
            multiple={many}
            aria-labelledby={buttonId}
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => void onFiles(e.target.files)}
          />
          <Button
            id={buttonId}
            type="button"
            variant="secondary"
            size="sm"
            busy={busy > 0}
            disabled={busy > 0 || (many && room <= 0)}
            onClick={() => input.current?.click()}
          >
            {busy > 0 ? t('uploading') : many ? t('add') : value.length ? t('replace') : t('upload')}
          </Button>
          <span className="text-xs text-fg-muted">{t('rules')}</span>
        </div>
      )}
      {!many && (
        <div className="space-y-1">
          <label htmlFor={addressId} className="block text-sm text-fg-muted">
            {t('address', { label })}
          </label>
          <input
            id={addressId}
            type="url"
            inputMode="url"
            autoComplete="off"
            className={inputClasses(Boolean(shownError))}
            value={value[0] && !IMAGE_KEY.test(value[0]) ? value[0] : ''}
            placeholder="https://"
            disabled={disabled}
            aria-describedby={errorId}
            onChange={(e) => onChange(e.target.value ? [e.target.value] : [])}
          />
        </div>
      )}
      <p aria-live="polite" id={errorId} className={cn('text-sm', shownError ? 'text-danger-text' : 'sr-only')}>
        {shownError ?? ''}
      </p>
    </div>
  );
}
