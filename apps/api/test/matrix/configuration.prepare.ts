import type { Prepare } from '../auth-matrix';
import { createUtility } from '../build-test-app';

let n = 0;
/** A future date unique per call, so adds never collide. */
const futureDate = () => {
  n++;
  const d = new Date(Date.UTC(2030, 0, 1) + n * 86_400_000);
  return d.toISOString().slice(0, 10);
};

export const prepare: Record<string, Prepare> = {
  'Configuration.Charges.GetAll': () => ({}),
  'Configuration.Charges.Add': () => ({
    body: { head: 'APPLICATION_FEE', unit: 'INR', amount: '5000', gstRatePercent: '18', effectiveFrom: futureDate() },
  }),
  'Configuration.Charges.Update': async (c) => {
    const row = await c.app.services.configuration.addCharge(
      { id: '00000000-0000-4000-8000-000000000000', role: 'Admin', familyId: null },
      { head: 'RENEWAL_FEE', unit: 'INR', amount: '1', gstRatePercent: '0', effectiveFrom: futureDate() },
      { requestId: 'x' },
    );
    return {
      params: { id: row.id },
      body: { head: 'RENEWAL_FEE', unit: 'INR', amount: '2', gstRatePercent: '0', effectiveFrom: row.effectiveFrom },
    };
  },
  'Configuration.Charges.Delete': async (c) => {
    const row = await c.app.services.configuration.addCharge(
      { id: '00000000-0000-4000-8000-000000000000', role: 'Admin', familyId: null },
      { head: 'RENEWAL_FEE', unit: 'INR', amount: '1', gstRatePercent: '0', effectiveFrom: futureDate() },
      { requestId: 'x' },
    );
    return { params: { id: row.id } };
  },
  'Configuration.Holidays.GetAll': () => ({}),
  'Configuration.Holidays.Add': () => ({ body: { date: futureDate(), description: 'Holiday' } }),
  'Configuration.Holidays.Update': async (c) => {
    const h = await c.app.services.configuration.addHoliday(
      { id: '00000000-0000-4000-8000-000000000000', role: 'Admin', familyId: null },
      { date: futureDate(), description: 'H' },
      { requestId: 'x' },
    );
    return { params: { id: h.id }, body: { date: h.date, description: 'Renamed' } };
  },
  'Configuration.Holidays.Delete': async (c) => {
    const h = await c.app.services.configuration.addHoliday(
      { id: '00000000-0000-4000-8000-000000000000', role: 'Admin', familyId: null },
      { date: futureDate(), description: 'H' },
      { requestId: 'x' },
    );
    return { params: { id: h.id } };
  },
  'Configuration.BankDetails.GetAll': () => ({}),
  'Configuration.BankDetails.Add': () => ({
    body: {
      bankName: 'SBI',
      accountName: 'SLDC',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      branch: 'GNR',
      effectiveFrom: futureDate(),
    },
  }),
  'Configuration.BankDetails.Update': async (c) => {
    const b = await c.app.services.configuration.addBankDetail(
      { id: '00000000-0000-4000-8000-000000000000', role: 'Admin', familyId: null },
      {
        bankName: 'SBI',
        accountName: 'SLDC',
        accountNumber: '123456789012',
        ifsc: 'SBIN0001234',
        branch: 'GNR',
        effectiveFrom: futureDate(),
      },
      { requestId: 'x' },
    );
    return {
      params: { id: b.id },
      body: {
        bankName: 'SBI',
        accountName: 'SLDC',
        accountNumber: '123456789013',
        ifsc: 'SBIN0001234',
        branch: 'GNR',
        effectiveFrom: b.effectiveFrom,
      },
    };
  },
  'Configuration.BankDetails.Delete': async (c) => {
    const b = await c.app.services.configuration.addBankDetail(
      { id: '00000000-0000-4000-8000-000000000000', role: 'Admin', familyId: null },
      {
        bankName: 'SBI',
        accountName: 'SLDC',
        accountNumber: '123456789012',
        ifsc: 'SBIN0001234',
        branch: 'GNR',
        effectiveFrom: futureDate(),
      },
      { requestId: 'x' },
    );
    return { params: { id: b.id } };
  },
  'Configuration.Settings.GetAll': () => ({}),
  'Configuration.Settings.Add': () => ({ body: { key: 'fcfsMinLeadDays', value: '5', effectiveFrom: futureDate() } }),
  'Configuration.Settings.Delete': async (c) => {
    const s = await c.app.services.configuration.addSetting(
      { id: '00000000-0000-4000-8000-000000000000', role: 'Admin', familyId: null },
      { key: 'fcfsMinLeadDays', value: '5', effectiveFrom: futureDate() },
      { requestId: 'x' },
    );
    return { params: { id: s.id } };
  },
  'Configuration.TranscoDiscom.Add': () => ({ body: { name: `Utility ${futureDate()}`, type: 'DISCOM', zone: 'Zone' } }),
  'Configuration.TranscoDiscom.Update': async (c) => {
    const u = await createUtility(c, 'TRANSCO');
    return { params: { id: u.id }, body: { name: 'Renamed', type: 'TRANSCO', zone: 'Zone B' } };
  },
  'Payment.GetDues': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
};
