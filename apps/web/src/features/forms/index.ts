/**
 * The form engine's web side: one renderer for every multi-step form (ARCHITECTURE §6). Pages are
 * lazy chunks, so importing from here keeps the renderer out of the first load; a page that shows
 * the form only later can use `LazyFormRenderer` (./lazy-form-renderer) instead.
 */
export { FormRenderer, type FormRendererProps } from './components/form-renderer';
export { formResolver, toRhfErrors } from './components/form-resolver';
export { MonthPicker } from './components/month-picker';
export { useFormsMessages } from './i18n';
