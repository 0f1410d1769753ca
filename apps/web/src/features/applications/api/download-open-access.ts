import { applicationEndpoints } from '@stoa/shared/applications';

import { download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The name of the workbook when the server gives none: 'STOA/DA/2026/000123' → 'open-access-STOA-DA-2026-000123.xlsx'. */
export const openAccessFileName = (applicationNo: string | undefined) =>
  `open-access${applicationNo ? `-${applicationNo.replace(/[^A-Za-z0-9-]+/g, '-')}` : ''}.xlsx`;

/** DownloadOpenAccessDetails/{applicationId}: the requested and granted MW per block as .xlsx, handed to the browser. */
export async function downloadOpenAccessDetails(applicationId: string, applicationNo: string | undefined): Promise<void> {
  const file = await download(applicationEndpoints.downloadOpenAccessDetails, { params: { applicationId } });
  saveFile(file.blob, file.fileName ?? openAccessFileName(applicationNo));
}
