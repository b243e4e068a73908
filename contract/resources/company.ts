import { z } from 'zod';
import { emailField, nameField, phoneField, taxIdField, textField, updatedBySchema, versionField } from '../fields';
import { imageRefField } from '../images';

/** An optional field: the value, or '' when left empty. */
export const orEmpty = <T extends z.ZodType>(field: T) => z.union([field, z.literal('')]).default('');
/** The company's name, as Information and Setting/System edit it. */
export const companyNameField = () => nameField(100);
/** The company's logo: an uploaded image's key or a web address, '' for none (Information, Setting/System). */
export const companyLogoField = () => orEmpty(imageRefField());

/**
 * The company itself (company area → Information): its name and the particulars printed on its documents: address,
 * tax id, contacts and logo. One record per company, changed with the version last read.
 */
export const companyUpdateSchema = z.object({
  name: companyNameField(),
  address: textField(200).default(''),
  taxId: orEmpty(taxIdField()),
  phone: orEmpty(phoneField()),
  email: orEmpty(emailField()),
  logoUrl: companyLogoField(),
  version: versionField(),
});

export const companySchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  phone: z.string(),
  email: z.string(),
  logoUrl: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: updatedBySchema.nullish(),
});
export type Company = z.infer<typeof companySchema>;

export const companyContract = {
  name: 'Company',
  path: 'Information/Company',
  scope: 'company',
  schemas: { item: companySchema, update: companyUpdateSchema },
} as const;
