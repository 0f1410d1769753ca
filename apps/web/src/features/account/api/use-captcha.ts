import { useCallback, useEffect, useState } from 'react';

import { accountEndpoints, type CaptchaResponse } from '@stoa/shared/account';

import { call } from '../../../lib/api-client';

export type CaptchaMode = 'image' | 'text';

interface CaptchaState {
  captcha: CaptchaResponse | undefined;
  loading: boolean;
  failed: boolean;
}

/**
 * The login captcha. Single use, so it is never cached: `refresh()` fetches a new one (after
 * every attempt), and a new one is fetched by itself when the current one expires.
 */
export function useCaptcha(mode: CaptchaMode) {
  const [state, setState] = useState<CaptchaState>({ captcha: undefined, loading: true, failed: false });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    call(accountEndpoints.getCaptcha, { query: { mode }, signal: controller.signal }).then(
      (captcha) => setState({ captcha, loading: false, failed: false }),
      () => {
        if (!controller.signal.aborted) setState({ captcha: undefined, loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [mode, generation]);

  const expiresIn = state.captcha?.expiresInSeconds;
  useEffect(() => {
    if (!expiresIn) return;
    const timer = window.setTimeout(() => setGeneration((g) => g + 1), expiresIn * 1000);
    return () => window.clearTimeout(timer);
  }, [state.captcha, expiresIn]);

  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, refresh };
}
