import { createUser } from '../build-test-app';
import type { Prepare } from '../auth-matrix';

export const prepare: Record<string, Prepare> = {
  'Admin.GetUsers': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
  'Admin.User.get': (_c, u) => ({ params: { id: u.id } }),
  'Admin.EnableDisableUserDefaulter': async (c) => ({ params: { id: (await createUser(c, 'OABusinessUser')).id } }),
  'Admin.EnableDisableUser': async (c) => ({ params: { id: (await createUser(c, 'OABusinessUser')).id } }),
  'Admin.ResetPassword': async (c) => ({ params: { id: (await createUser(c, 'OABusinessUser')).id } }),
  'Admin.User.patch': async (c, u) => {
    const target = await createUser(c, 'SLDCBusinessUser');
    void u;
    return {
      params: { id: target.id },
      body: {
        id: target.id,
        role: 'SLDCBusinessUser',
        registeredAddress: 'Addr',
        firstName: 'F',
        lastName: 'L',
        email: target.email,
        userName: target.userName,
        contactNumber: '9876543210',
        panCardNumber: 'ABCDE1234F',
        acceptTerms: true,
        isEnabled: true,
      },
    };
  },
  'Admin.AddUser': () => {
    const n = Math.random().toString(36).slice(2, 8);
    return {
      body: {
        role: 'SLDCApproverI',
        registeredAddress: 'Addr',
        firstName: 'F',
        lastName: 'L',
        email: `add${n}@x.in`,
        userName: `add${n}`,
        contactNumber: '9876543210',
        panCardNumber: 'ABCDE1234F',
      },
    };
  },
  'Configuration.TranscoDiscom.GetAll': () => ({}),
};
