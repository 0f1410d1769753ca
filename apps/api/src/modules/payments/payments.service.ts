import type { z } from 'zod';

import type { PageQuery } from '@stoa/shared/common';
import type { tdsConfigInputSchema, tdsInterestInputSchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import type { Meta, PaymentsDeps } from './payments.deps';
import { addTdsConfig, configuredCharges, isTdsConfigured, listTdsConfigs, updateTdsConfig } from './tds-config';
import { addTdsInterest, listTdsInterest, updateTdsInterest } from './tds-interest';

/**
 * Payments (issue 13), table of contents: tds-config.ts (the OA applicant's TDS declarations per
 * charge head), tds-interest.ts (interest on late TDS deposit, set by the Admin); payments.access.ts
 * (a declaration is its owner's), tds.repository.ts (the SQL), payments.tables.ts.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  return {
    listTdsConfigs: (actor: RequestUser, q: PageQuery) => listTdsConfigs(deps, actor, q),
    configuredCharges: (actor: RequestUser) => configuredCharges(deps, actor),
    isTdsConfigured: (actor: RequestUser) => isTdsConfigured(deps, actor),
    addTdsConfig: (actor: RequestUser, input: z.output<typeof tdsConfigInputSchema>, meta: Meta) => addTdsConfig(deps, actor, input, meta),
    updateTdsConfig: (actor: RequestUser, id: string, input: z.output<typeof tdsConfigInputSchema>, meta: Meta) =>
      updateTdsConfig(deps, actor, id, input, meta),

    listTdsInterest: (q: PageQuery) => listTdsInterest(deps, q),
    addTdsInterest: (actor: RequestUser, input: z.output<typeof tdsInterestInputSchema>, meta: Meta) =>
      addTdsInterest(deps, actor, input, meta),
    updateTdsInterest: (actor: RequestUser, id: string, input: z.output<typeof tdsInterestInputSchema>, meta: Meta) =>
      updateTdsInterest(deps, actor, id, input, meta),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
