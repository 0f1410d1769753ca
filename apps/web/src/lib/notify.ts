import { useSyncExternalStore } from 'react';

/**
 * Toasts. The toast library (notistack) is loaded with the first toast, not with the page:
 * `notify` queues the message and asks the ToastHost to mount the toaster, which then shows it.
 * Only for outcomes nobody else shows: forms show their own field errors.
 */
export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  message: string;
  variant: ToastVariant;
}
type Sink = (toast: Toast) => void;

let sink: Sink | null = null;
const pending: Toast[] = [];
let requested = false;
const listeners = new Set<() => void>();

function show(toast: Toast) {
  if (sink) {
    sink(toast);
    return;
  }
  pending.push(toast);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

export const notify = {
  success: (message: string) => show({ message, variant: 'success' }),
  error: (message: string) => show({ message, variant: 'error' }),
  info: (message: string) => show({ message, variant: 'info' }),
};

/** Called by the toaster once mounted; delivers what was queued meanwhile. */
export function connectToaster(next: Sink): () => void {
  sink = next;
  for (const toast of pending.splice(0)) next(toast);
  return () => {
    if (sink === next) sink = null;
  };
}

/** True once some code asked for a toast: the host then mounts the toaster. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => requested,
  );
}
