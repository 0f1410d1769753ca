/** Test fixtures of the utilisation upload (API tests and the auth matrix): a cleared-volume CSV and its File/Upload. */
import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';
import { UTILISATION_FORM_NAME } from '@stoa/shared/inter-state';

import { bearer, type TestContext } from '../../../test/build-test-app';
import { multipart } from '../../../test/files-fixtures';

export interface UtilisationCsvRow {
  date: string;
  number: string;
  direction: string;
  /** One MW text for every block, or the 96 of them. */
  mw: string | string[];
}

/** A CSV of cleared volumes: Date, Certificate No, Direction and the 96 block columns '00:00' … '23:45'. */
export function utilisationCsv(rows: UtilisationCsvRow[], header = ['Date', 'Certificate No', 'Direction', ...ATC_BLOCK_HEADERS]): Buffer {
  const lines = rows.map((r) =>
    [r.date, r.number, r.direction, ...(Array.isArray(r.mw) ? r.mw : ATC_BLOCK_HEADERS.map(() => r.mw))].join(','),
  );
  return Buffer.from([header.join(','), ...lines].join('\r\n'), 'utf8');
}

/** Uploads a file with File/Upload?formName=StandingClearanceUtilisation (or `formName`) as the token's user; its id. */
export async function uploadUtilisationFile(
  ctx: TestContext,
  token: string,
  bytes: Buffer,
  name = 'cleared.csv',
  formName = UTILISATION_FORM_NAME,
): Promise<string> {
  const { body, headers } = multipart('uploadedFile', name, bytes);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/File/Upload?formName=${formName}`,
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  if (res.statusCode !== 200) throw new Error(`File/Upload answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id as string;
}
