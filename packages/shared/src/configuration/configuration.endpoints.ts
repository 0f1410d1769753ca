import { z } from 'zod';

import { ALL } from '../account/roles';
import { defineEndpoint } from '../common/endpoint';
import { transcoDiscomItemSchema } from '../users/users.schemas';
import {
  bankDetailInputSchema,
  bankDetailListSchema,
  bankDetailSchema,
  chargeRateInputSchema,
  chargeRateListQuerySchema,
  chargeRateListSchema,
  chargeRateSchema,
  dueListQuerySchema,
  dueListSchema,
  holidayInputSchema,
  holidayListQuerySchema,
  holidayListSchema,
  holidaySchema,
  settingInputSchema,
  settingListSchema,
  settingSchema,
} from './configuration.schemas';

const idParams = z.object({ id: z.string().uuid('Invalid id') });
const ok = z.boolean();

export const utilityInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  type: z.enum(['TRANSCO', 'DISCOM'], { error: 'Type is required' }),
  zone: z.string().trim().min(1, 'Zone is required').max(100),
});

export const configurationEndpoints = {
  chargesGetAll: defineEndpoint({ id: 'Configuration.Charges.GetAll', method: 'GET', path: '/api/Configuration/Charges/GetAll', roles: ALL, summary: 'Fees and charges with their history (effective-dated)', query: chargeRateListQuerySchema, response: chargeRateListSchema }),
  chargesAdd: defineEndpoint({ id: 'Configuration.Charges.Add', method: 'POST', path: '/api/Configuration/Charges/Add', roles: ['Admin'], summary: 'Add a fee or charge value from an effective date (today or later)', body: chargeRateInputSchema, response: chargeRateSchema }),
  chargesUpdate: defineEndpoint({ id: 'Configuration.Charges.Update', method: 'PATCH', path: '/api/Configuration/Charges/Update/:id', roles: ['Admin'], summary: 'Change a value that has not taken effect yet', params: idParams, body: chargeRateInputSchema, response: chargeRateSchema }),
  chargesDelete: defineEndpoint({ id: 'Configuration.Charges.Delete', method: 'DELETE', path: '/api/Configuration/Charges/Delete/:id', roles: ['Admin'], summary: 'Delete a value that has not taken effect yet', params: idParams, response: ok }),

  holidaysGetAll: defineEndpoint({ id: 'Configuration.Holidays.GetAll', method: 'GET', path: '/api/Configuration/Holidays/GetAll', roles: ALL, summary: 'Holidays (non-working days besides Sundays)', query: holidayListQuerySchema, response: holidayListSchema }),
  holidaysAdd: defineEndpoint({ id: 'Configuration.Holidays.Add', method: 'POST', path: '/api/Configuration/Holidays/Add', roles: ['Admin'], summary: 'Add a holiday', body: holidayInputSchema, response: holidaySchema }),
  holidaysUpdate: defineEndpoint({ id: 'Configuration.Holidays.Update', method: 'PATCH', path: '/api/Configuration/Holidays/Update/:id', roles: ['Admin'], summary: 'Change a future holiday', params: idParams, body: holidayInputSchema, response: holidaySchema }),
  holidaysDelete: defineEndpoint({ id: 'Configuration.Holidays.Delete', method: 'DELETE', path: '/api/Configuration/Holidays/Delete/:id', roles: ['Admin'], summary: 'Delete a future holiday', params: idParams, response: ok }),

  bankDetailsGetAll: defineEndpoint({ id: 'Configuration.BankDetails.GetAll', method: 'GET', path: '/api/Configuration/BankDetails/GetAll', roles: ALL, summary: 'SLDC bank accounts for payments, with history', response: bankDetailListSchema }),
  bankDetailsAdd: defineEndpoint({ id: 'Configuration.BankDetails.Add', method: 'POST', path: '/api/Configuration/BankDetails/Add', roles: ['Admin'], summary: 'Add the SLDC bank account in force from a date', body: bankDetailInputSchema, response: bankDetailSchema }),
  bankDetailsUpdate: defineEndpoint({ id: 'Configuration.BankDetails.Update', method: 'PATCH', path: '/api/Configuration/BankDetails/Update/:id', roles: ['Admin'], summary: 'Change bank details not yet in force', params: idParams, body: bankDetailInputSchema, response: bankDetailSchema }),
  bankDetailsDelete: defineEndpoint({ id: 'Configuration.BankDetails.Delete', method: 'DELETE', path: '/api/Configuration/BankDetails/Delete/:id', roles: ['Admin'], summary: 'Delete bank details not yet in force', params: idParams, response: ok }),

  settingsGetAll: defineEndpoint({ id: 'Configuration.Settings.GetAll', method: 'GET', path: '/api/Configuration/Settings/GetAll', roles: ALL, summary: 'Operating rules: windows, cut-offs, consent days, bid tick (effective-dated)', response: settingListSchema }),
  settingsAdd: defineEndpoint({ id: 'Configuration.Settings.Add', method: 'POST', path: '/api/Configuration/Settings/Add', roles: ['Admin'], summary: 'Set an operating rule from an effective date', body: settingInputSchema, response: settingSchema }),
  settingsDelete: defineEndpoint({ id: 'Configuration.Settings.Delete', method: 'DELETE', path: '/api/Configuration/Settings/Delete/:id', roles: ['Admin'], summary: 'Delete a rule value not yet in force', params: idParams, response: ok }),

  utilityAdd: defineEndpoint({ id: 'Configuration.TranscoDiscom.Add', method: 'POST', path: '/api/Configuration/TranscoDiscom/Add', roles: ['Admin'], summary: 'Add a TRANSCO or DISCOM utility with its zone', body: utilityInputSchema, response: transcoDiscomItemSchema }),
  utilityUpdate: defineEndpoint({ id: 'Configuration.TranscoDiscom.Update', method: 'PATCH', path: '/api/Configuration/TranscoDiscom/Update/:id', roles: ['Admin'], summary: 'Rename a utility or change its zone (its users follow)', params: idParams, body: utilityInputSchema, response: transcoDiscomItemSchema }),

  getDues: defineEndpoint({ id: 'Payment.GetDues', method: 'GET', path: '/api/Payment/GetDues', roles: ['OABusinessUser', 'Trader'], summary: 'The signed-in applicant dues (fees and charges raised by every domain)', query: dueListQuerySchema, response: dueListSchema }),
} as const;
