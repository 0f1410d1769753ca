/** @stoa/shared/reports: the reports registry and contracts (issue 15, decision 0066). */
export * from './reports.registry';
export * from './reports.schemas';
export * from './reports.endpoints';
export * from './reports.format';
export * from './reports.messages';
