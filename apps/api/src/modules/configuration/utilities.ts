import type { z } from 'zod';

import type { utilityInputSchema } from '@stoa/shared/configuration';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import { referenceRepository } from '../reference/reference.repository';
import { usersRepository } from '../users/users.repository';
import { type ConfigurationDeps, type Meta, recordChange } from './configuration.deps';

/** The Admin's TRANSCO/DISCOM utilities (the reference data); a utility's zone is also its users' zone. */

const toUtility = (row: { id: string; name: string; type: 'TRANSCO' | 'DISCOM'; zone: string }) => ({
  id: row.id,
  name: row.name,
  type: row.type,
  zone: row.zone,
});

export async function addUtility(
  deps: Pick<ConfigurationDeps, 'db' | 'audit'>,
  actor: RequestUser,
  input: z.output<typeof utilityInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const row = await referenceRepository.insertUtility(tx, input);
    await recordChange(deps, tx, actor, 'UTILITY_ADDED', 'TranscoDiscom', row.id, null, row, meta);
    return toUtility(row);
  });
}

/** Renames a utility or moves it to another zone; its type cannot change. */
export async function updateUtility(
  deps: ConfigurationDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof utilityInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const before = await referenceRepository.findUtilityForUpdate(tx, id);
    if (!before) throw notFound('utility');
    if (before.type !== input.type) throw AppError.field('VALIDATION_FAILED', 'type', 'The type of a utility cannot change.');
    const row = await referenceRepository.updateUtility(tx, id, { name: input.name, zone: input.zone, updatedAt: deps.clock.now() });
    // The zone of a TRANSCO/DISCOM user is derived from the utility.
    if (before.zone !== input.zone) await usersRepository.setZoneForUtility(tx, id, input.zone);
    await recordChange(deps, tx, actor, 'UTILITY_UPDATED', 'TranscoDiscom', id, before, row, meta);
    return toUtility(row);
  });
}
