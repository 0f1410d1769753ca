/** Values the web app sends with every API call (spec 000 §7, ARCHITECTURE.md §3). */
export const APP_HEADER_NAME = 'stoa-web';
export const APP_VERSION = '0.1.0';

/** Browser storage keys of the web app, in one place. */
export const STORAGE_KEYS = {
  authUser: 'stoa.authUser',
  drawerOpen: 'stoa.drawerOpen',
  /** E-mail kept after pre-registration / forgot password so /set-password can pre-fill it. */
  setPasswordEmail: 'stoa.setPasswordEmail',
  /** Test overrides of the idle timeouts (see features/account/components/idle-timeout.tsx). */
  idleTimeoutMs: 'stoa.idleTimeoutMs',
  idlePromptMs: 'stoa.idlePromptMs',
} as const;

/** Session idle limits (spec 000 §9): prompt after 30 minutes, sign out one minute later. */
export const IDLE_TIMEOUT_MS = 1_800_000;
export const IDLE_PROMPT_MS = 60_000;
export const IDLE_DEBOUNCE_MS = 1_000;
