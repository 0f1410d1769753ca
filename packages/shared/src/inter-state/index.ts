/** @stoa/shared/inter-state: the inter-state domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './standing-clearance.endpoints';
export * from './standing-clearance.schemas';
export * from './standing-clearance.workflow';
export * from './standing-clearance-utilisation.schemas';
export * from './inter-state-consent.endpoints';
export * from './inter-state-consent.schemas';
export * from './inter-state-consent.workflow';
export * from './inter-state.schemas';
export * from './inter-state-registration.endpoints';
export * from './inter-state-registration.schemas';
export * from './inter-state-registration.workflow';
