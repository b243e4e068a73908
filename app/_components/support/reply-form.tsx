'use client';

import { useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SUPPORT_MAX_ATTACHMENTS, supportReplySchema } from '@contract/resources/support';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormField, inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useFieldError } from '../resource/field-error';
import { ImageInput } from '../resource/image-input';
import { useResourceSave } from '../resource/use-resource-save';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * A reply with up to four pictures (uploaded as chosen). The message keeps one `clientId` until it is sent, so a retry
 * after a lost answer is kept once; on an error the text and pictures stay as typed.
 */
export function ReplyForm({ path, uploadPath }: { path: string; uploadPath: string }) {
  const t = useTranslations('support');
  const router = useRouter();
  const toast = useToast();
  const fieldError = useFieldError();
  const [body, setBody] = useState('');
  const [attachments, setAttachments] = useState<string[]>([]);
  const clientId = useRef(newIdempotencyKey());
  const { save, errors, failure, pending } = useResourceSave({ method: 'POST', path, schema: supportReplySchema });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const answer = await save({ body, attachments, clientId: clientId.current });
    if (!answer) return;
    clientId.current = newIdempotencyKey();
    setBody('');
    setAttachments([]);
    toast.show(t('view.sent'), { tone: 'success' });
    router.refresh();
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4 p-5" noValidate>
      {failure && (
        <Alert tone="error" title={t('view.sendFailed')}>
          {failure.message}
        </Alert>
      )}
      <FormField label={t('fields.body')} error={fieldError(errors.body)} required>
        {(control) => <textarea {...control} rows={4} className={inputClasses(Boolean(errors.body))} value={body} onChange={(e) => setBody(e.target.value)} />}
      </FormField>
      <ImageInput
        id="reply-attachments"
        label={t('fields.attachments')}
        kind="images"
        value={attachments}
        uploadPath={uploadPath}
        max={SUPPORT_MAX_ATTACHMENTS}
        error={fieldError(errors.attachments ?? Object.entries(errors).find(([k]) => k.startsWith('attachments.'))?.[1])}
        onChange={setAttachments}
      />
      <Button type="submit" busy={pending}>
        {t('view.send')}
      </Button>
    </form>
  );
}
