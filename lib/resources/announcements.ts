import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_CONTRACTS,
  ANNOUNCEMENT_STATUSES,
  ANNOUNCEMENT_TARGETS,
  type AnnouncementKind,
} from '@contract/resources/announcements';
import { badgeOptions } from '@/lib/status';
import type { ResourceModule } from './kit';
import { defineScreen } from './screen';

/**
 * Public relations (`PublicRelations`, Marketplace's `ShopPublicRelations`, `UserPublicRelations`) and Marketplace's
 * `Broadcast`: one screen each over its contract. The target's reference shows only for its target (a shop for
 * openShop, an address for openUrl); the picture is an upload (or the web address a message held before). The view
 * page carries send now / schedule / cancel and the sending's progress.
 */
function announcementScreen(kind: AnnouncementKind, audience: string): ResourceModule {
  return defineScreen(ANNOUNCEMENT_CONTRACTS[kind], {
    key: kind,
    namespace: kind,
    labelField: 'title',
    search: { label: 'search.label', placeholder: 'search.placeholder' },
    columns: [
      { field: 'imageUrl', label: 'fields.image', kind: 'image' },
      { field: 'title', label: 'fields.title', kind: 'text', sortable: true, link: true },
      { field: 'status', label: 'fields.status', kind: 'status', statusKind: 'announcement', sortable: true },
      { field: 'sentCount', label: 'fields.progress', kind: 'text', of: 'totalCount', nowrap: true },
      { field: 'audience', label: 'fields.audience', kind: 'status', statusKind: 'announcementAudience' },
      { field: 'target', label: 'fields.target', kind: 'status', statusKind: 'announcementTarget' },
      { field: 'scheduledAt', label: 'fields.scheduledAt', kind: 'date', sortable: true, nowrap: true },
      { field: 'areaName', label: 'fields.area', kind: 'text' },
    ],
    filters: [
      { field: 'status', label: 'fields.status', kind: 'select', options: badgeOptions('announcement', ANNOUNCEMENT_STATUSES) },
      { field: 'audience', label: 'fields.audience', kind: 'select', options: badgeOptions('announcementAudience', ANNOUNCEMENT_AUDIENCES) },
      { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
    ],
    sections: [
      {
        title: 'sections.main',
        fields: [
          { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
          { name: 'title', label: 'fields.title', kind: 'text', required: true },
          { name: 'body', label: 'fields.body', kind: 'textarea' },
          { name: 'imageUrl', label: 'fields.image', kind: 'image' },
          { name: 'audience', label: 'fields.audience', kind: 'select', options: badgeOptions('announcementAudience', ANNOUNCEMENT_AUDIENCES), required: true },
        ],
      },
      {
        title: 'sections.target',
        fields: [
          { name: 'target', label: 'fields.target', kind: 'select', options: badgeOptions('announcementTarget', ANNOUNCEMENT_TARGETS), required: true },
          {
            name: 'targetShopId',
            label: 'fields.targetShopId',
            kind: 'select',
            optionsFrom: 'shops',
            required: true,
            visibleWhen: { field: 'target', equals: 'openShop' },
          },
          { name: 'targetUrl', label: 'fields.targetUrl', kind: 'url', required: true, visibleWhen: { field: 'target', equals: 'openUrl' } },
        ],
      },
    ],
    defaults: { audience, target: 'openMessage' },
    viewPanels: ['announcementSend'],
  });
}

export const publicRelationsResource = announcementScreen('publicRelations', 'members');
export const shopPublicRelationsResource = announcementScreen('shopPublicRelations', 'shops');
export const userPublicRelationsResource = announcementScreen('userPublicRelations', 'members');
export const broadcastResource = announcementScreen('broadcast', 'members');
