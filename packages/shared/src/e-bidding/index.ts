/** @stoa/shared/e-bidding: the e-bidding domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './bid-allocation';
export * from './e-bidding.endpoints';
export * from './e-bidding.forms';
export * from './e-bidding.messages';
export * from './e-bidding.proposal.schemas';
export * from './e-bidding.schema-parts';
export * from './e-bidding.schemas';
export * from './e-bidding.window';
export * from './e-bidding.workflow';
