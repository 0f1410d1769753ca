import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

import type { WebRoute } from '@stoa/shared/navigation';

type LazyPage = LazyExoticComponent<ComponentType>;

/** One page of a feature: its WEB_ROUTES entry and its lazily loaded component (its own chunk). */
export interface FeatureRoute {
  route: WebRoute;
  Page: LazyPage;
}

/**
 * A page loaded on first visit (ARCHITECTURE.md §11: every page is its own chunk). `load` imports the
 * page's module and picks its component; `props` fixes the props of a page shared by several routes
 * (e.g. the TRANSCO and DISCOM lists).
 */
/**
 * The loaders of a feature's page table (`features/<feature>/pages.ts`), fetched on first use: the
 * first load's route table then names one chunk per feature instead of every page and its chunks
 * (decisions 0009 and 0030). `page(key)` is a loader for lazyPage.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of components with any props
type PageLoaders = Record<string, () => Promise<ComponentType<any>>>;

export function pageTable<T extends PageLoaders>(load: () => Promise<T>) {
  return <K extends keyof T & string>(key: K) => (() => load().then((pages) => (pages[key] as T[K] & PageLoaders[string])())) as T[K];
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage;
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, props: P): LazyPage;
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, props?: P): LazyPage {
  return lazy(async () => {
    const Page = await load();
    if (!props) return { default: Page as ComponentType };
    const Bound = () => <Page {...props} />;
    Bound.displayName = `${Page.displayName ?? Page.name}Route`;
    return { default: Bound };
  });
}
