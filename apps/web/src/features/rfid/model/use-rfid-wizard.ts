import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RfidBinding, RfidTag } from '@evcharge/api/rfid/rfid';
import { isRfidBindingOpen, type RfidBindingFailReason } from '@evcharge/domain/rfid';
import { ApiError } from '@/lib/api-error';
import { cancelBinding, confirmBinding, fetchBinding, startBinding, touchDemoTag } from '../api/rfid-binding';
import { rfidTagsQueryKey } from '../api/rfid-tags';
import { runBindingPoll } from './binding-poll';

// SPEC §4 the RFID wizard: a binding opened at a connector moves on by itself (the car plugged
// in, the tag read), followed by the long poll; the driver confirms the tag read; any end other
// than "bound" is a failure the driver may start again at the same connector.

/** Why the wizard stopped short of binding a tag. */
export type WizardFailure =
  | { kind: 'reason'; reason: RfidBindingFailReason }
  | { kind: 'expired' }
  | { kind: 'cancelled' }
  | { kind: 'error'; error: unknown };

export type WizardView =
  | { step: 'choose' }
  | { step: 'starting' }
  | { step: 'waitingCar' | 'waitingTag' | 'tagRead'; binding: RfidBinding }
  | { step: 'bound'; binding: RfidBinding; tag: RfidTag }
  | { step: 'failed'; failure: WizardFailure; binding: RfidBinding | null };

/** Errors of the confirm that end the binding (the rest may be tried again on step 3). */
const endingConfirmErrors = new Set(['RFID_ALREADY_LINKED', 'RFID_STEP_TIMEOUT', 'NOT_FOUND']);

function failureOf(binding: RfidBinding): WizardFailure {
  if (binding.status === 'failed' && binding.failReason) return { kind: 'reason', reason: binding.failReason };
  if (binding.status === 'cancelled') return { kind: 'cancelled' };
  return { kind: 'expired' };
}

type State = {
  connectorId: string | null;
  isStarting: boolean;
  binding: RfidBinding | null;
  tag: RfidTag | null;
  error: unknown;
};

const initial: State = { connectorId: null, isStarting: false, binding: null, tag: null, error: null };

export function useRfidWizard() {
  const client = useQueryClient();
  const [state, setState] = useState<State>(initial);
  const [isConfirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState<unknown>(null);
  const [isTouching, setTouching] = useState(false);
  const [touchError, setTouchError] = useState<unknown>(null);
  // The binding as last seen, for leaving the wizard (the reader is let go) and stale answers.
  const latest = useRef<RfidBinding | null>(null);
  latest.current = state.binding;

  const start = useCallback(async (connectorId: string) => {
    setState({ ...initial, connectorId, isStarting: true });
    setConfirmError(null);
    setTouchError(null);
    try {
      const binding = await startBinding(connectorId);
      setState({ ...initial, connectorId, binding });
    } catch (error) {
      setState({ ...initial, connectorId, error });
    }
  }, []);

  const bindingId = state.binding?.id ?? null;
  const isOpen = state.binding !== null && isRfidBindingOpen(state.binding.status);

  // The long poll, while the binding is open; stopped when it ends or the screen unmounts.
  useEffect(() => {
    const binding = latest.current;
    if (!isOpen || binding === null || binding.id !== bindingId) return;
    const controller = new AbortController();
    void runBindingPoll(
      {
        fetchBinding: (cursor, signal) => fetchBinding(binding.id, cursor, signal),
        onAnswer: (next) =>
          setState((current) =>
            current.binding?.id === next.id && next.version >= current.binding.version && current.tag === null
              ? { ...current, binding: next, tag: next.tag }
              : current,
          ),
        onFinalError: (error) => setState((current) => (current.binding?.id === binding.id ? { ...current, error } : current)),
      },
      binding,
      controller.signal,
    );
    return () => controller.abort();
  }, [bindingId, isOpen]);

  // Leaving the wizard with a binding open lets the station's reader go.
  useEffect(
    () => () => {
      const binding = latest.current;
      if (binding && isRfidBindingOpen(binding.status)) void cancelBinding(binding.id).catch(() => undefined);
    },
    [],
  );

  const cancel = useCallback(() => {
    const binding = latest.current;
    if (binding && isRfidBindingOpen(binding.status)) void cancelBinding(binding.id).catch(() => undefined);
    setState(initial);
    setConfirmError(null);
  }, []);

  const confirm = useCallback(
    async (name: string) => {
      const binding = latest.current;
      if (!binding) return;
      setConfirming(true);
      setConfirmError(null);
      try {
        const tag = await confirmBinding(binding.id, name);
        setState((current) => ({ ...current, binding: { ...binding, status: 'bound', tag }, tag }));
        void client.invalidateQueries({ queryKey: rfidTagsQueryKey });
      } catch (error) {
        if (error instanceof ApiError && endingConfirmErrors.has(error.code)) setState((current) => ({ ...current, error }));
        else setConfirmError(error);
      } finally {
        setConfirming(false);
      }
    },
    [client],
  );

  const touchTag = useCallback(async () => {
    const binding = latest.current;
    if (!binding) return;
    setTouching(true);
    setTouchError(null);
    try {
      await touchDemoTag(binding.id);
    } catch (error) {
      setTouchError(error);
    } finally {
      setTouching(false);
    }
  }, []);

  const retry = useCallback(() => {
    const connectorId = state.binding?.connector.id ?? state.connectorId;
    if (connectorId) void start(connectorId);
  }, [start, state.binding, state.connectorId]);

  return {
    view: viewOf(state),
    start,
    retry,
    canRetry: (state.binding?.connector.id ?? state.connectorId) !== null,
    cancel,
    confirm,
    isConfirming,
    confirmError,
    touchTag,
    isTouching,
    touchError,
  };
}

function viewOf(state: State): WizardView {
  if (state.isStarting) return { step: 'starting' };
  if (state.error !== null) return { step: 'failed', failure: { kind: 'error', error: state.error }, binding: state.binding };
  const binding = state.binding;
  if (!binding) return { step: 'choose' };
  if (binding.status === 'bound') {
    const tag = state.tag ?? binding.tag;
    if (tag) return { step: 'bound', binding, tag };
  }
  if (binding.status === 'waitingCar' || binding.status === 'waitingTag' || binding.status === 'tagRead') {
    return { step: binding.status, binding };
  }
  return { step: 'failed', failure: failureOf(binding), binding };
}
