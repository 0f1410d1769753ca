import { filesEndpoints } from '@stoa/shared/files';
import { registrationEndpoints } from '@stoa/shared/registrations';

import { download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** DownloadRegistrationDetail / DownloadRegistrationComparisons: fetches the PDF and hands it to the browser. */
export async function downloadRegistrationPdf(kind: 'detail' | 'comparison', id: string, fallbackName: string): Promise<void> {
  const endpoint =
    kind === 'detail' ? registrationEndpoints.downloadRegistrationDetail : registrationEndpoints.downloadRegistrationComparison;
  const file = await download(endpoint, { params: { id } });
  saveFile(file.blob, file.fileName ?? fallbackName);
}

/** A document of the registration, downloaded with the session (File/Download). */
export async function downloadDocument(fileId: string, fileName: string): Promise<void> {
  const file = await download(filesEndpoints.download, { params: { id: fileId } });
  saveFile(file.blob, file.fileName ?? fileName);
}
