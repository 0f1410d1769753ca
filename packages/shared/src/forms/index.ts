/** @stoa/shared/forms: the form-definition types and the one validator that server and web share. */
export * from './form.types';
export * from './form.normalize';
export * from './form.validate';
export * from './form.values';
