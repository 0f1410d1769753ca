import { lazy, Suspense } from 'react';

import { PageLoader } from '../../components/page-loader';
import type { FormRendererProps } from './components/form-renderer';

const FormRenderer = lazy(() => import('./components/form-renderer').then((module) => ({ default: module.FormRenderer })));

/** FormRenderer loaded on first render (its chunk, with the field components, comes with it). */
export function LazyFormRenderer(props: FormRendererProps) {
  return (
    <Suspense fallback={<PageLoader />}>
      <FormRenderer {...props} />
    </Suspense>
  );
}
