/** @stoa/shared/registrations: the registrations domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './registrations.endpoints';
export * from './registrations.forms';
export * from './registrations.schemas';
export * from './registrations.workflow';
export * from './workflow-engine';
