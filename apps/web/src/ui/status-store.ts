import { type ReactNode, useSyncExternalStore } from 'react';
import { UI_MESSAGES } from '@cryptads/contract/ui';

/**
 * The shared status modal of docs/product/account.md#shell, #session-and-states: shown with a type (success by default), a
 * title, an info text and a button caption; hidden with the captions cleared.
 */
export type StatusType = 'success' | 'error' | 'warning' | 'info';
export type StatusOptions = {
  type?: StatusType;
  title: string;
  info?: ReactNode;
  buttonCaption?: string;
  onClose?: () => void;
};
type State = (StatusOptions & { opened: true }) | { opened: false };

let state: State = { opened: false };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function showStatus(options: StatusOptions) {
  state = { ...options, opened: true };
  emit();
}

export function hideStatus() {
  const onClose = state.opened ? state.onClose : undefined;
  state = { opened: false };
  emit();
  onClose?.();
}

/** Generic error dialog: 'Something went wrong!', the server's reason, 'Try Again'. */
export const showError = (reason: string, onClose?: () => void) =>
  showStatus({
    type: 'error',
    title: UI_MESSAGES.errorTitle,
    info: reason,
    buttonCaption: UI_MESSAGES.errorButton,
    onClose,
  });

/** Generic success dialog: 'Success!' and 'Continue'. */
export const showSuccess = (info: ReactNode, onClose?: () => void) =>
  showStatus({
    type: 'success',
    title: UI_MESSAGES.successTitle,
    info,
    buttonCaption: UI_MESSAGES.successButton,
    onClose,
  });

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useStatusState = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
