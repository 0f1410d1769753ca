import { amountPaise, gstPaise } from '@stoa/shared/common';
import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';

import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { referenceRepository } from '../reference/reference.repository';
import type { RegistrationsDeps } from './registrations.deps';

/** What the registration forms offer: the utilities to choose, the fees to pay and the charges in force. */

/** The ids a DISCOM or TRANSCO field accepts: the active utilities of each type. */
export async function optionValues(dbx: DbOrTx) {
  const rows = await referenceRepository.utilities(dbx, { activeOnly: true });
  return {
    discoms: rows.filter((u) => u.type === 'DISCOM').map((u) => u.id),
    transcos: rows.filter((u) => u.type === 'TRANSCO').map((u) => u.id),
  };
}

/** Active utilities of a type (or both). */
export async function utilities(deps: Pick<RegistrationsDeps, 'db'>, type?: 'TRANSCO' | 'DISCOM') {
  return (await referenceRepository.utilities(deps.db, { type, activeOnly: true })).map((u) => ({
    id: u.id,
    name: u.name,
    type: u.type,
    zone: u.zone,
  }));
}

/** A fee in force today, in paise with its GST line. */
export async function fee(deps: Pick<RegistrationsDeps, 'configuration'>, head: 'REGISTRATION_FEE' | 'RENEWAL_FEE') {
  const { chargeList } = await deps.configuration.listCharges({ head });
  const current = chargeList.find((c) => c.state === 'CURRENT');
  if (!current) throw new AppError('NOT_FOUND', `No ${CHARGE_HEAD_INFO[head].label.toLowerCase()} is configured for today.`);
  const baseAmount = amountPaise(current.amount, '1');
  const gstAmount = gstPaise(baseAmount, current.gstRatePercent);
  return {
    head,
    baseAmount,
    gstRatePercent: current.gstRatePercent,
    gstAmount,
    totalAmount: baseAmount + gstAmount,
    effectiveFrom: current.effectiveFrom,
  };
}

/** Fees and charges in force today. */
export async function charges(deps: Pick<RegistrationsDeps, 'configuration'>) {
  const { chargeList } = await deps.configuration.listCharges({});
  return { chargeList: chargeList.filter((c) => c.state === 'CURRENT') };
}
