import { describe, expect, it } from 'vitest';
import { isAppOnlyCall } from '@contract/app-channel';
import { bikerRegistrationContract } from '@contract/resources/biker-registration';
import { matchRoute, routesOfResource } from '@/lib/routes';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { checkResourceBody } from './body-check';
import { resourcePageFor } from './index';
import { regisBikerResource } from './regis-biker';
import { fieldErrorsOf } from './validation';

const register = (documents: unknown) =>
  bikerRegistrationContract.schemas.register.safeParse({
    name: 'Anan Srisuk',
    phone: '086-123-4567',
    vehicle: 'Honda Wave',
    plate: '1กข 1234',
    documents,
    areaId: '3',
  });

describe('Regis/Biker', () => {
  it('is a read-only list on the approval route, sorted by when it came in', () => {
    expect(regisBikerResource).toMatchObject({ api: 'Regis/Biker', readOnly: true, bulkDelete: false, exportable: false });
    expect(regisBikerResource.schemas.row).toBe(bikerRegistrationContract.schemas.item);
    expect(regisBikerResource.defaultSort).toEqual({ sort: 'createdAt', order: 'asc' });
    expect(routesOfResource('regisBiker')).toEqual({ list: '/Regis/Biker', add: undefined, view: undefined, restore: undefined });
    expect(resourcePageFor(matchRoute('/Service/Delivery/Regis/Biker')!.route)).toEqual({ resource: 'regisBiker', mode: 'approval' });
    expect(regisBikerResource.columns.find((c) => c.field === 'documents')?.kind).toBe('documents');
  });

  it('checks a rejection’s reason in the BFF as the Platform API does', () => {
    expect(checkResourceBody('POST', '/api/admin/Delivery/Regis/Biker/3/reject', { reason: ' ' })).toEqual({ reason: ['required'] });
    expect(checkResourceBody('POST', '/api/admin/Marketplace/Regis/Biker/3/reject', { reason: 'Expired licence' })).toBeNull();
  });

  it('leaves applying to the biker app; the portal forwards the decisions', () => {
    expect(isAppOnlyCall('POST', ['Delivery', 'Regis', 'Biker'])).toBe(true);
    expect(isAppOnlyCall('POST', ['Delivery', 'Regis', 'Biker', '3', 'approve'])).toBe(false);
    expect(resolveBffRule('POST', '/api/admin/Delivery/Regis/Biker', '1')).toEqual({ kind: 'reject', status: 403, code: 'notAuthorized' });
    expect(resolveBffRule('POST', '/api/admin/Delivery/Regis/Biker/3/approve', '1')).toMatchObject({
      kind: 'forward',
      flag: 'create',
      permission: 'Service Delivery Regis Biker',
    });
    expect(resolveBffRule('GET', '/api/admin/Delivery/Regis/Biker', '1')).toMatchObject({ kind: 'forward', flag: 'read' });
  });

  it('takes documents with http(s) addresses of the known kinds only', () => {
    expect(register([{ kind: 'id_card', url: 'https://example.com/docs/a.jpg' }]).success).toBe(true);
    const bad = register([
      { kind: 'id_card', url: 'javascript:alert(1)' },
      { kind: 'photo', url: 'data:image/png;base64,AAAA' },
      { kind: 'passport', url: 'https://example.com/p.jpg' },
      { kind: 'photo', url: 'ftp://example.com/p.jpg' },
    ]);
    expect(bad.success ? {} : fieldErrorsOf(bad.error)).toEqual({
      'documents.0.url': ['invalidUrl'],
      'documents.1.url': ['invalidUrl'],
      'documents.2.kind': ['required'],
      'documents.3.url': ['invalidUrl'],
    });
    expect(register([]).success).toBe(false);
    const parsed = register([{ kind: 'photo', url: 'https://example.com/p.png' }]);
    expect(parsed.data?.phone).toBe('0861234567');
    expect(parsed.data?.email).toBeUndefined();
    expect(register([{ kind: 'photo', url: 'https://example.com/p.png' }]).data?.documents).toHaveLength(1);
  });
});
