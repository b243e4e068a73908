'use client';

import { useState } from 'react';

interface ActionHandlers<TVars, TData> {
  onMutate?: (vars: TVars) => void;
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: unknown, vars: TVars) => void;
  onSettled?: () => void;
}

type ActionState = { status: 'idle' | 'pending' | 'success' | 'error'; error: unknown };
const IDLE: ActionState = { status: 'idle', error: null };

/**
 * One call a person starts (save, delete, approve, assign): whether it is running and how it ended. Lists and
 * forms are rendered on the server and refreshed with the router, so an action needs no client cache; the pages that
 * do poll and cache (the notifications) use TanStack Query, loaded with them, so every other page stays without it.
 */
export function useAction<TVars = void, TData = unknown>(run: (vars: TVars) => Promise<TData>, handlers: ActionHandlers<TVars, TData> = {}) {
  const [state, setState] = useState<ActionState>(IDLE);
  const mutateAsync = async (vars: TVars): Promise<TData> => {
    setState({ status: 'pending', error: null });
    handlers.onMutate?.(vars);
    try {
      const data = await run(vars);
      setState({ status: 'success', error: null });
      handlers.onSuccess?.(data, vars);
      return data;
    } catch (error) {
      setState({ status: 'error', error });
      handlers.onError?.(error, vars);
      throw error;
    } finally {
      handlers.onSettled?.();
    }
  };
  return {
    mutateAsync,
    /** Runs the action; its failure is in `error` (and `onError`). */
    mutate: (vars: TVars) => void mutateAsync(vars).catch(() => undefined),
    reset: () => setState(IDLE),
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    error: state.error,
  };
}
