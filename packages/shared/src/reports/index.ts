/** @stoa/shared/reports: the reports registry and contracts (issue 15, decision 0066). */
export * from './reports.registry';
export * from './reports.schemas';
export * from './reports.endpoints';
export * from './reports.format';
export * from './reports.messages';
export * from './reports.common';
export * from './reports.applications';
export * from './reports.registrations';
export * from './reports.payments';
export * from './reports.operations';
export * from './reports.standing-clearances';
export * from './open-access-information';
export * from './open-access-information.messages';
