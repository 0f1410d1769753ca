/** @stoa/shared/curtailment: the curtailment domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './curtailment.cuts';
export * from './curtailment.endpoints';
export * from './curtailment.schemas';
