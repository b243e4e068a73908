'use client';

import { useState, type ChangeEvent } from 'react';
import { useTranslations } from 'next-intl';
import { IMAGE_KEY, IMAGE_TYPES, thumbPath } from '@contract/image-paths';
import { uploadImage } from '@/lib/resources/bff-client';
import { PRESENCES, profileUpdateSchema, type Profile } from '@contract/resources/profile';

const PROFILE_UPLOAD = '/api/admin/Profile/Images';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { FormField, inputClasses, TextField } from '../ui/form-field';
import { useFieldError } from '../resource/field-error';
import { useVersionedForm } from '../resource/use-versioned-form';

type Values = { displayName: string; about: string; photoUrl: string; status: Profile['status'] };
const valuesOf = (p: Pick<Profile, 'displayName' | 'about' | 'photoUrl' | 'status'>): Values => ({
  displayName: p.displayName,
  about: p.about,
  photoUrl: p.photoUrl,
  status: p.status,
});

/** Display name, about, photo (uploaded or a link) and presence; a stale save shows who saved first, input kept. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const t = useTranslations('profile');
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { values, setValues, onSubmit, conflictNotice, errors, failure, pending } = useVersionedForm<Values, Profile>({
    path: '/api/admin/Profile',
    schema: profileUpdateSchema,
    record: profile,
    valuesOf,
  });
  const [uploading, setUploading] = useState(false);
  // The photo goes through the image upload (checked by its bytes, kept upright and small); the profile keeps its key.
  const onPhoto = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setPhotoError(null);
    if (!file) return;
    setUploading(true);
    const answer = await uploadImage(PROFILE_UPLOAD, file);
    setUploading(false);
    e.target.value = '';
    if ('key' in answer) setValues((v) => ({ ...v, photoUrl: answer.key }));
    else if (answer.refused === 'imageTooLarge') setPhotoError(t('photoTooLarge'));
    else setPhotoError(fieldError([answer.refused]) ?? tr('actionFailed'));
  };
  const photoSrc = IMAGE_KEY.test(values.photoUrl) ? thumbPath(values.photoUrl) : values.photoUrl;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={pending || undefined}>
      {conflictNotice}
      {failure && <Alert tone="error">{tr('actionFailed')}</Alert>}
      <Card title={t('title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="field-displayName"
            label={t('displayName')}
            required
            value={values.displayName}
            error={fieldError(errors.displayName)}
            onChange={(e) => setValues((v) => ({ ...v, displayName: e.target.value }))}
          />
          <FormField id="field-status" label={t('status')}>
            {(control) => (
              <select
                {...control}
                className={inputClasses(false)}
                value={values.status}
                onChange={(e) => setValues((v) => ({ ...v, status: e.target.value as Values['status'] }))}
              >
                {PRESENCES.map((p) => (
                  <option key={p} value={p}>
                    {t(`presence.${p}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="field-about" label={t('about')} error={fieldError(errors.about)} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                className={`${inputClasses(Boolean(errors.about))} min-h-24 py-2`}
                value={values.about}
                onChange={(e) => setValues((v) => ({ ...v, about: e.target.value }))}
              />
            )}
          </FormField>
          <div className="flex items-center gap-4 sm:col-span-2">
            {values.photoUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- an uploaded image kept inline, or any https host
              <img src={photoSrc} alt={t('photoAlt')} className="size-16 rounded-full object-cover" referrerPolicy="no-referrer" />
            ) : (
              <span aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-primary-soft text-xl font-semibold text-primary-text">
                {values.displayName.slice(0, 1).toUpperCase()}
              </span>
            )}
            <FormField id="field-photo" label={t('photo')} error={photoError ?? fieldError(errors.photoUrl)} hint={t('photoHint')}>
              {(control) => (
                <input
                  {...control}
                  type="file"
                  accept={Object.values(IMAGE_TYPES).join(',')}
                  onChange={(e) => void onPhoto(e)}
                  disabled={uploading}
                  aria-busy={uploading || undefined}
                  className="text-sm"
                />
              )}
            </FormField>
            {values.photoUrl && (
              <Button variant="ghost" size="sm" onClick={() => setValues((v) => ({ ...v, photoUrl: '' }))}>
                {t('removePhoto')}
              </Button>
            )}
          </div>
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" busy={pending}>
          {pending ? tr('saving') : tr('save')}
        </Button>
      </div>
    </form>
  );
}
