/** @stoa/shared/configuration: the configuration domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './configuration.endpoints';
export * from './configuration.schemas';
export * from './manuals.schemas';
