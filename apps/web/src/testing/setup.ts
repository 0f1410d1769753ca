import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { FakeWebSocket } from './fake-websocket';

// findBy… / waitFor wait up to 5 s (default 1 s): lazy pages and dialogs on a busy CI machine take longer
// than a second to appear; a failing wait still fails well inside the 20 s test timeout.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  // The signed-in layout opens the notification hub: never a real connection in tests.
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
