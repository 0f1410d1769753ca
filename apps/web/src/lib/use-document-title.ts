import { useEffect } from 'react';

import { messages } from './i18n';

/** Names the browser tab after the page (WCAG 2.4.2), e.g. 'My Profile · STOA Portal'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${messages().app.name}`;
  }, [title]);
}
