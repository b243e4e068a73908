import { decodeImage } from './decode';
import type { DecodeRequest, DecodeReply } from './process';

/**
 * The decode process (image-decode/process.ts starts it at a lower scheduling priority): one decode at a time, each
 * answered with its id. It ends with its parent's channel.
 */
process.on('message', (message: DecodeRequest) => {
  void decodeImage(Buffer.from(message.bytes), message.ext)
    .then((answer) => ({ id: message.id, answer }))
    .catch((): DecodeReply => ({ id: message.id, answer: { ok: false, code: 'notAnImage' } }))
    .then((reply) => process.send?.(reply));
});
process.on('disconnect', () => process.exit(0));
