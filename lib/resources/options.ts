import { OPEN_STATUSES } from '@contract/lifecycle';
import type { Option } from './kit';

/** A select's options for account statuses, labelled by `status.account.*`. */
export const accountStatusOptions = (statuses: readonly string[]): Option[] => statuses.map((value) => ({ value, label: `status.account.${value}` }));

/** Open or closed: packages and types. */
export const OPEN_CLOSE = accountStatusOptions(OPEN_STATUSES);

/** Yes or no: a boolean filter as a select (`?active=true`). */
export const YES_NO: readonly Option[] = [
  { value: 'true', label: 'resource.yes' },
  { value: 'false', label: 'resource.no' },
];
