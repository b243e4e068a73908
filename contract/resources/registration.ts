import { z } from 'zod';
import { reasonField } from '../fields';
import { REGISTRATION_STATES } from '../lifecycle/shops';

/**
 * What the shop and biker registrations share: they wait (`waiting`) until staff approve them (the shop or biker is
 * created from the registration) or reject them with a reason, once.
 */
export { REGISTRATION_STATES };

/** `POST {path}/{id}/reject`: the reason, 1–200 characters. */
export const registrationRejectSchema = z.object({
  reason: reasonField(),
});
