import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../lib/api.ts';

/** A random id for one paying intent (crypto.randomUUID needs a secure context; fall back). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the server may not have answered: no answer at all (network) or a 5xx. Then the
 * intent is still open and a retry must carry the same key, or it could be charged twice.
 */
export function mayBeUnanswered(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

interface Intent {
  key: string;
  /** The variables the key was made for: other variables are another intent (another key). */
  fingerprint: string;
}

type Options<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/**
 * A paying mutation: one Idempotency-Key per user intent, reused when the same intent is
 * retried after a failure that may not have reached the server, and replaced once the server
 * has answered (success or a refusal) or the variables change.
 */
export function useIdempotentMutation<TData, TVariables>(
  pay: (variables: TVariables, idempotencyKey: string) => Promise<TData>,
  options: Options<TData, TVariables> = {},
) {
  const intent = useRef<Intent | null>(null);
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: (variables) => {
      const fingerprint = JSON.stringify(variables);
      if (intent.current?.fingerprint !== fingerprint) {
        intent.current = { key: newIdempotencyKey(), fingerprint };
      }
      return pay(variables, intent.current.key);
    },
    onSettled: (...args) => {
      const error = args[1];
      if (!error || !mayBeUnanswered(error)) intent.current = null;
      return options.onSettled?.(...args);
    },
  });
}
