import type { Prepare } from '../auth-matrix';
import { bearer } from '../build-test-app';
import { FIXTURES, multipart } from '../files-fixtures';

async function uploadPdf(c: Parameters<Prepare>[0], token: string) {
  const { body, headers } = multipart('uploadedFile', 'manual.pdf', FIXTURES.pdf);
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=UserManual',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  return res.json().data.id as string;
}

export const prepare: Record<string, Prepare> = {
  'Configuration.UserManual.GetAll': () => ({}),
  'Configuration.UserManual.Save': async (c, u) => ({ body: { target: 'SLDCBusinessUser', fileId: await uploadPdf(c, u.token) } }),
  'File.DownloadManuals': async (c, u) => {
    // Give the caller's role (or OA entity type) a manual, so every allowed role gets 200.
    const target = u.role === 'OABusinessUser' ? 'BothEntity' : u.role;
    const fileId = await uploadPdf(c, u.token);
    const { userManuals } = await import('../../src/modules/configuration/manuals.tables');
    const { files } = await import('../../src/modules/files/files.tables');
    const { eq } = await import('drizzle-orm');
    await c.database.db.update(files).set({ ownerType: 'UserManual', ownerId: target }).where(eq(files.id, fileId));
    await c.database.db.insert(userManuals).values({ target, fileId }).onConflictDoUpdate({ target: userManuals.target, set: { fileId } });
    return { query: { entitityType: target } };
  },
  'Configuration.PaymentDetails.GetAll': () => ({}),
  'Configuration.PaymentDetails.Update': () => ({ body: { mode: 'NEFT', isEnabled: true, instructions: 'Pay by NEFT.' } }),
};
