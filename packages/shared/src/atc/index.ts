/** @stoa/shared/atc: the atc domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './atc.endpoints';
export * from './atc.schemas';
export * from './atc.values';
