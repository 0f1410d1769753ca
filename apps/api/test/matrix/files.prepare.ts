import { bearer, type TestContext } from '../build-test-app';
import type { Prepare } from '../auth-matrix';
import { FIXTURES, multipart } from '../files-fixtures';

async function uploadAs(c: TestContext, token: string): Promise<string> {
  const { body, headers } = multipart('uploadedFile', 'matrix.pdf', FIXTURES.pdf);
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Matrix',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

export const prepare: Record<string, Prepare> = {
  'File.Upload': () => ({ query: { formName: 'Matrix' }, ...multipart('uploadedFile', 'matrix.png', FIXTURES.png) }),
  'File.Show': async (c, u) => ({ params: { name: 'matrix.pdf' }, query: { id: await uploadAs(c, u.token) } }),
  'File.Download': async (c, u) => ({ params: { id: await uploadAs(c, u.token) } }),
};
