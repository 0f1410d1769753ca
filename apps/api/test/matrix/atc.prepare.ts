import { atcMargins } from '../../src/modules/atc/atc.tables';
import { marginCsv, uploadAtcFile } from '../../src/modules/atc/atc.test-fixtures';
import type { Prepare } from '../auth-matrix';

let n = 0;
/** A valid one-row margin file of its own element, uploaded by the caller. */
const validFile = async (c: Parameters<Prepare>[0], token: string) => {
  n++;
  return uploadAtcFile(c, token, `matrix-${n}.csv`, marginCsv([{ date: '21/11/2026', element: `Matrix element ${n}` }]));
};

export const prepare: Record<string, Prepare> = {
  'Atc.ValidateUpload': async (c, u) => ({ params: { mode: 'IntraState' }, body: { fileId: await validFile(c, u.token) } }),
  'Atc.Upload': async (c, u) => ({
    params: { mode: 'InterState' },
    body: { fileId: await validFile(c, u.token), confirmNewElements: true },
  }),
  'Atc.GetMargins': () => ({ params: { mode: 'IntraState' }, query: { date: '2026-11-21' } }),
  'Atc.UpdateMargin': async (c) => {
    n++;
    const [row] = await c.database.db
      .insert(atcMargins)
      .values({
        mode: 'IntraState',
        marginDate: '2026-11-22',
        element: `Matrix ${n}`,
        elementKey: `matrix ${n}`,
        blocks: new Array<number>(96).fill(100),
        updatedOn: new Date(),
      })
      .returning();
    return { params: { id: row!.id }, body: { version: 1, blocks: [{ block: 1, margin: '2.5' }] } };
  },
  'Atc.GetUploads': () => ({ params: { mode: 'IntraState' } }),
  'Atc.DownloadTemplate': () => ({ query: { format: 'xlsx' } }),
};
