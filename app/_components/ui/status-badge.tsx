import { statusDef, type StatusKind } from '@/lib/status';
import { ResolvedStatusBadge } from './badge';

/**
 * A status of the spec's section 4 with its translated label and tone:
 * `<StatusBadge kind="account" value="pending" />`. A value the spec does not list is shown as is, neutral.
 */
export function StatusBadge({ kind, value, className }: { kind: StatusKind; value: string; className?: string }) {
  return <ResolvedStatusBadge kind={kind} value={value} def={statusDef(kind, value)} className={className} />;
}
