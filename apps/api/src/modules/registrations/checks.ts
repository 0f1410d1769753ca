import { displayDate, fieldsOf } from '@stoa/shared/forms';
import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import { istDate } from '@stoa/shared/common';
import { REGISTRATION_FORMS, registrationDocuments } from '@stoa/shared/registrations';

import type { RequestUser } from '../../platform/auth';
import { usersRepository } from '../users/users.repository';
import { viewerOf, visibleOr404 } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import { str } from './registrations.mapper';

/**
 * Eligibility and document checks (DOMAIN.md §2) the reviewers see next to a registration:
 * minimum demand and voltage (not for a trader), documents uploaded and in validity, no dues, and
 * a trader's licence.
 */
export async function mandatoryChecks(deps: Pick<RegistrationsDeps, 'db' | 'clock' | 'configuration'>, actor: RequestUser, id: string) {
  const { db, configuration } = deps;
  const v = await viewerOf(db, actor);
  const row = await visibleOr404(db, v, id);
  const entityType = row.entityType as EntityType;
  const data = row.data;
  const on = istDate(deps.clock.now());
  const L = enRegistrations.fields;
  const C = enRegistrations.checks;
  const num = (k: string) => (typeof data[k] === 'number' ? (data[k] as number) : null);
  const checkList: { key: string; label: string; passed: boolean; detail: string }[] = [];
  if (entityType !== 'Trader') {
    const min = Number(await configuration.settingOn(db, 'minContractDemandMw', on));
    const quantities: [string, string][] = [];
    if (entityType !== 'InjectingEntity') quantities.push(['contractDemand', L.contractDemand], ['stoaDrawlQuantum', L.stoaDrawlQuantum]);
    if (entityType !== 'DraweeEntity') quantities.push(['stoaInjectionQuantum', L.stoaInjectionQuantum]);
    const values = quantities.map(([k, label]) => ({ label, value: num(k) }));
    checkList.push({
      key: 'minimumDemand',
      label: C.minimumDemand,
      passed: values.every((x) => x.value !== null && x.value >= min),
      detail: `${values.map((x) => `${x.label}: ${x.value ?? '—'} MW`).join('; ')} (minimum ${min} MW)`,
    });
    const voltages: [string, string][] = [];
    if (entityType !== 'InjectingEntity') voltages.push(['drawalVoltage', L.drawalVoltage]);
    if (entityType !== 'DraweeEntity') voltages.push(['injectionVoltage', L.injectionVoltage]);
    const kv = voltages.map(([k, label]) => ({ label, value: str(data[k]) }));
    checkList.push({
      key: 'voltage',
      label: C.voltage,
      passed: kv.every((x) => x.value !== null && Number(x.value) >= 11),
      detail: kv.map((x) => `${x.label}: ${x.value ?? '—'} kV`).join('; '),
    });
  }
  const required = fieldsOf(REGISTRATION_FORMS[entityType]).filter((f) => f.kind === 'file' && f.required);
  const missing = required.filter((f) => !str(data[f.name])).map((f) => f.label);
  checkList.push({
    key: 'documents',
    label: C.documents,
    passed: missing.length === 0,
    detail: missing.length === 0 ? `${required.length} of ${required.length} uploaded` : `Missing: ${missing.join(', ')}`,
  });
  const dated = registrationDocuments(entityType).filter((d) => d.validityField);
  const expired = dated.filter((d) => {
    const until = str(data[d.validityField!]);
    return until !== null && until < on;
  });
  checkList.push({
    key: 'documentsValid',
    label: C.documentsValid,
    passed: expired.length === 0,
    detail:
      expired.length === 0
        ? 'Every dated document is valid today'
        : `Expired: ${expired.map((d) => `${d.label} (${displayDate(str(data[d.validityField!])!)})`).join(', ')}`,
  });
  const owner = await usersRepository.viewer(db, row.ownerUserId);
  checkList.push({
    key: 'noDues',
    label: C.noDues,
    passed: !owner?.isDefaulter,
    detail: owner?.isDefaulter ? 'Marked as a defaulter' : 'Not a defaulter',
  });
  if (entityType === 'Trader') {
    const until = str(data.licenceValidUpto);
    const licenceNo = str(data.tradingLicenceNo);
    checkList.push({
      key: 'licence',
      label: C.licence,
      passed: !!licenceNo && until !== null && until >= on,
      detail: `${L.tradingLicenceNo}: ${licenceNo ?? '—'}; ${L.licenceValidUpto}: ${until ? displayDate(until) : '—'}`,
    });
  }
  return { checkList };
}
