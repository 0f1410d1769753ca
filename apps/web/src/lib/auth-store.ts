import { useSyncExternalStore } from 'react';

import { type AuthUser, authUserSchema } from '@stoa/shared/account';

import { STORAGE_KEYS } from '../config/app';
import type { ApiError } from './api-error';
import { storage } from './storage';

/** Login state of spec 000 §4: logging in, logged in (user stored), error. */
export type LoginStatus = 'idle' | 'loggingIn' | 'loggedIn' | 'error';

export interface AuthState {
  /** The signed-in user with their tokens, kept in localStorage. */
  user: AuthUser | null;
  status: LoginStatus;
  /** The error of the last login attempt (status 'error'). */
  error: ApiError | null;
  /** True after the session ended by itself (refresh failed), so the login page can say so. */
  sessionEnded: boolean;
  /** True after the user chose Logout: the next login starts at the landing page, not the last page. */
  loggedOut: boolean;
}

function readStoredUser(): AuthUser | null {
  const raw = storage.get(STORAGE_KEYS.authUser);
  if (!raw) return null;
  try {
    const parsed = authUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function initialState(): AuthState {
  const user = readStoredUser();
  return { user, status: user ? 'loggedIn' : 'idle', error: null, sessionEnded: false, loggedOut: false };
}

let state: AuthState = initialState();
const listeners = new Set<() => void>();

function setState(patch: Partial<AuthState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function writeUser(user: AuthUser | null) {
  if (user) storage.set(STORAGE_KEYS.authUser, JSON.stringify(user));
  else storage.remove(STORAGE_KEYS.authUser);
}

/** The one place the signed-in user lives. Observable with `useAuth()`. */
export const authStore = {
  getState: (): AuthState => state,
  getUser: (): AuthUser | null => state.user,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  startLogin() {
    setState({ status: 'loggingIn', error: null, sessionEnded: false });
  },
  loginSucceeded(user: AuthUser) {
    writeUser(user);
    setState({ user, status: 'loggedIn', error: null, sessionEnded: false, loggedOut: false });
  },
  loginFailed(error: ApiError) {
    setState({ status: 'error', error });
  },
  /** A token refresh replaces the stored user (spec 000 §4). */
  replaceUser(user: AuthUser) {
    writeUser(user);
    setState({ user, status: 'loggedIn' });
  },
  /**
   * Logout (`loggedOut`) or a failed refresh (`sessionEnded`): clears the stored user. A failed refresh
   * after the user has already logged out (a late answer) changes nothing.
   */
  signOut(options: { sessionEnded?: boolean; loggedOut?: boolean } = {}) {
    if (!state.user && !options.loggedOut && state.loggedOut) return;
    writeUser(null);
    setState({
      user: null,
      status: 'idle',
      error: null,
      sessionEnded: options.sessionEnded ?? false,
      loggedOut: options.loggedOut ?? false,
    });
  },
  /** Re-reads localStorage (another tab changed it; tests). */
  reload() {
    state = initialState();
    for (const listener of listeners) listener();
  },
};

// Keep tabs in step: logging out (or in) in one tab does the same in the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.authUser || event.key === null) authStore.reload();
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

export function useAuthUser(): AuthUser | null {
  return useAuth().user;
}
