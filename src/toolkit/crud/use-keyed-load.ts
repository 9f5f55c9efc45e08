import { useEffect, useEffectEvent, useState } from 'react';

export type LoadOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface KeyedLoad<T> {
  /** True from the moment the key (or a retry) asks for data until its answer arrives. */
  loading: boolean;
  /** The answer for the current key; undefined while loading, after a failure or with no key. */
  value: T | undefined;
  error: string | null;
  retry(): void;
  /** Changes with the key and with every retry: a key for what is shown (e.g. a form's initial values). */
  loadKey: string;
}

/**
 * What a dialog or drawer shows for `key` (null: nothing to load). An answer for an older key or an
 * abandoned attempt never shows; `retry` asks again for the same key. `load` is read when the key
 * changes, so it may be a new function on every render; `onLoaded` runs before the answer shows.
 */
export function useKeyedLoad<T>(
  key: string | null,
  load: () => Promise<LoadOutcome<T>>,
  options: { failure: string; onLoaded?: (value: T) => void },
): KeyedLoad<T> {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; outcome: LoadOutcome<T> } | null>(null);
  const loadKey = `${key ?? ''}#${attempt}`;
  const { failure, onLoaded } = options;
  // Effect events: the latest load and onLoaded run without making the effect depend on them.
  const start = useEffectEvent(() => load());
  const loaded = useEffectEvent((value: T) => onLoaded?.(value));
  const failed = useEffectEvent((): LoadOutcome<T> => ({ ok: false, error: failure }));

  useEffect(() => {
    if (key === null) return;
    let alive = true;
    const settle = (outcome: LoadOutcome<T>) => {
      if (!alive) return;
      if (outcome.ok) loaded(outcome.value);
      setAnswer({ key: loadKey, outcome });
    };
    start().then(settle, () => settle(failed()));
    return () => {
      alive = false;
      // Reopening the same key later must load afresh, not show this answer for a moment.
      setAnswer(null);
    };
  }, [key, loadKey]);

  const current = key !== null && answer?.key === loadKey ? answer.outcome : null;
  return {
    loading: key !== null && current === null,
    value: current?.ok ? current.value : undefined,
    error: current !== null && !current.ok ? current.error || failure : null,
    retry: () => setAttempt((value) => value + 1),
    loadKey,
  };
}

/** An envelope as a load outcome: the server's message on a refusal. */
export function outcomeOf<T>(answer: { success: boolean; message: string; result: T }): LoadOutcome<T> {
  return answer.success ? { ok: true, value: answer.result } : { ok: false, error: answer.message };
}
