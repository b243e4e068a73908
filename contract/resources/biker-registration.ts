import { z } from 'zod';
import { emailField, enumField, nameField, phoneField, refField, rowMetaSchema, urlField } from '../fields';
import { CODES } from '../codes';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';
import { REGISTRATION_STATES, registrationRejectSchema } from './registration';

/** The papers a biker sends with the application. */
export const BIKER_DOCUMENT_KINDS = ['id_card', 'driving_licence', 'vehicle_registration', 'photo'] as const;
export type BikerDocumentKind = (typeof BIKER_DOCUMENT_KINDS)[number];

/** One document: its kind and an http(s) address (never `javascript:` or `data:`). */
export const bikerDocumentSchema = z.object({ kind: enumField(BIKER_DOCUMENT_KINDS), url: urlField() });

/** An e-mail address, or nothing (`''` or left out). */
const optionalEmail = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), emailField().optional());

/**
 * Biker Management: bikers who applied through the biker app wait here (`waiting`) until staff approve them (an active
 * biker is created in the registration's area, offline) or reject them with a reason.
 */
export const bikerRegistrationContract = {
  name: 'BikerRegistration',
  path: 'Regis/Biker',
  scope: 'area',
  sort: ['name', 'createdAt'],
  defaultSort: { sort: 'createdAt', order: 'asc' },
  search: ['name', 'phone', 'plate'],
  schemas: {
    item: rowMetaSchema.extend({
      name: z.string(),
      phone: z.string(),
      email: z.string(),
      vehicle: z.string(),
      plate: z.string(),
      packageId: z.coerce.string().nullish(),
      packageName: z.string().nullish(),
      documents: z.array(z.object({ kind: z.string(), url: z.string() })),
      state: z.string(),
      reason: z.string().nullish(),
      bikerId: z.coerce.string().nullish(),
    }),
    query: listQuerySchema(['name', 'createdAt'], { state: filter.oneOf(REGISTRATION_STATES) }),
    /** `POST /api/app/{service}/Regis/Biker`: a biker applies through the biker app; the application waits for staff. */
    register: z.object({
      name: nameField(),
      phone: phoneField(),
      email: optionalEmail(),
      vehicle: nameField(),
      plate: nameField(),
      packageId: refField().optional(),
      documents: z.array(bikerDocumentSchema, { error: CODES.required }).min(1, CODES.required).max(10, CODES.outOfRange),
      areaId: refField(),
    }),
    /** `POST {path}/{id}/reject`. */
    reject: registrationRejectSchema,
  },
} as const satisfies ResourceContractBase;
