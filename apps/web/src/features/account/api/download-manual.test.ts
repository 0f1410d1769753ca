import { beforeEach, describe, expect, it, vi } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch } from '../../../testing/mock-fetch';
import { ApiError } from '../../../lib/api-error';
import { downloadUserManual, manualDownloadErrorText, manualTypeFor, MissingFileNameError } from './download-manual';

const pdfReply = (disposition?: string) => ({
  status: 200,
  body: '%PDF-1.4',
  headers: { 'Content-Type': 'application/pdf', ...(disposition ? { 'Content-Disposition': disposition } : {}) },
});

describe('download user manual', () => {
  beforeEach(() => authStore.signOut());

  it('asks for the role, or the entity type of an OA applicant', () => {
    expect(manualTypeFor({ role: 'OABusinessUser', entityType: 'BothEntity' })).toBe('BothEntity');
    expect(manualTypeFor({ role: 'Trader', entityType: 'Trader' })).toBe('Trader');
    expect(manualTypeFor({ role: 'SLDCApproverI', entityType: null })).toBe('SLDCApproverI');
  });

  it('downloads GET File/DownloadManuals?entitityType=… under the name the server sends', async () => {
    const user = buildAuthUser({ role: 'OABusinessUser', entityType: 'DraweeEntity' });
    authStore.loginSucceeded(user);
    const api = mockFetch({
      'GET /api/File/DownloadManuals': () => pdfReply(`attachment; filename="manual.pdf"; filename*=UTF-8''OA%20manual.pdf`),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await downloadUserManual(user);
    expect(api.calls('GET /api/File/DownloadManuals')[0]!.url.search).toBe('?entitityType=DraweeEntity');
    expect(saved).toEqual(['OA manual.pdf']);
  });

  it('fails without a file name, and on an error answer', async () => {
    const user = buildAuthUser({ role: 'Trader', entityType: 'Trader' });
    authStore.loginSucceeded(user);
    mockFetch({
      'GET /api/File/DownloadManuals': (_r, i) => (i === 0 ? pdfReply() : fail(404, 'NOT_FOUND', 'The requested file was not found.')),
    });
    await expect(downloadUserManual(user)).rejects.toBeInstanceOf(MissingFileNameError);
    await expect(downloadUserManual(user)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it("shows the server's reason when it refuses (no manual uploaded), the spec's texts otherwise", async () => {
    const texts = {
      downloadFailed: 'Unable to download file.',
      downloadInvalidName: 'Unable to download file. Invalid file name received from server.',
    };
    const user = buildAuthUser({ role: 'SLDCApproverI', entityType: null });
    authStore.loginSucceeded(user);
    mockFetch({ 'GET /api/File/DownloadManuals': () => fail(404, 'NOT_FOUND', 'No user manual has been uploaded for your role yet.') });
    const refused = await downloadUserManual(user).catch((e: unknown) => e);
    expect(manualDownloadErrorText(refused, texts)).toBe('No user manual has been uploaded for your role yet.');
    expect(manualDownloadErrorText(new MissingFileNameError(), texts)).toBe(texts.downloadInvalidName);
    expect(manualDownloadErrorText(new ApiError(500, 'INTERNAL', 'Sorry! Something went wrong. Please try again later.'), texts)).toBe(
      texts.downloadFailed,
    );
    expect(manualDownloadErrorText(new ApiError(0, 'NETWORK_ERROR', 'offline'), texts)).toBe(texts.downloadFailed);
  });
});
