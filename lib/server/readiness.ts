import 'server-only';
import { z } from 'zod';
import { revocationStore } from './revocation';
import { isShuttingDown } from './shutdown';
import { upstreamFetch } from './upstream';

export interface Readiness {
  ready: boolean;
  /** Each dependency: ok, or why not. */
  checks: { upstream: boolean; revocation: boolean; stopping: boolean };
}

/**
 * Ready for traffic: not stopping, the Platform API is ready (its database answers), and the revocation store
 * answers (Redis when configured: without it no session could be checked, so the instance takes no traffic).
 */
export async function readiness(): Promise<Readiness> {
  const stopping = isShuttingDown();
  const [upstream, revocation] = await Promise.all([
    upstreamFetch('/api/ready', { schema: z.object({ status: z.literal(true) }), timeoutMs: 2000 }).then(
      () => true,
      () => false,
    ),
    revocationStore()
      .ready()
      .catch(() => false),
  ]);
  return { ready: !stopping && upstream && revocation, checks: { upstream, revocation, stopping } };
}
