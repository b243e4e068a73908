import 'server-only';
import { z } from 'zod';
import {
  paymentAreaDetailSchema,
  paymentAreaSchema,
  paymentSettingChangeSchema,
  paymentSettingSchema,
  type PaymentProvider,
} from '@contract/resources/payment-settings';
import { fetchData } from '@/lib/resources/server';

/** The Platform API's payment settings of a service (`/api/admin/{service}/Setting/Bank…`). */
export const paymentSettingsPath = (service: string, areaId?: string, provider?: PaymentProvider) =>
  `/api/admin/${encodeURIComponent(service)}/Setting/Bank${areaId === undefined ? '' : `/${encodeURIComponent(areaId)}`}${provider ? `/Config/${provider}` : ''}`;

export const fetchPaymentAreas = (service: string, returnTo: string) => fetchData(paymentSettingsPath(service), z.array(paymentAreaSchema), returnTo);
export const fetchPaymentArea = (service: string, areaId: string, returnTo: string) =>
  fetchData(paymentSettingsPath(service, areaId), paymentAreaDetailSchema, returnTo);
export const fetchPaymentSetting = (service: string, areaId: string, provider: PaymentProvider, returnTo: string) =>
  fetchData(paymentSettingsPath(service, areaId, provider), paymentSettingSchema, returnTo);
export const fetchPaymentHistory = (service: string, areaId: string, provider: PaymentProvider, returnTo: string) =>
  fetchData(`${paymentSettingsPath(service, areaId, provider)}/History`, z.array(paymentSettingChangeSchema), returnTo);
