/** @stoa/shared/applications: the applications domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './allocation';
export * from './applications.endpoints';
export * from './applications.forms';
export * from './applications.processing.schemas';
export * from './applications.schemas';
export * from './applications.workflow';
export * from './processing';
export * from './application-windows';
export * from './schedule';
export * from './time-blocks';
export * from './steps';
