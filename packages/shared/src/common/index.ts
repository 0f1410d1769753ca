/** @stoa/shared/common: cross-domain building blocks (endpoint contracts, errors, paging, dates, units and money, text checks). */
export * from './dates';
export * from './endpoint';
export * from './errors';
export * from './units';
export * from './units.schemas';
export * from './pagination';
export * from './password';
export * from './patterns';
export * from './text';
