/** @stoa/shared/revisions: the revisions domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './revision-refund';
export * from './revision-rules';
export * from './revisions.endpoints';
export * from './revisions.schemas';
export * from './revisions.workflow';
