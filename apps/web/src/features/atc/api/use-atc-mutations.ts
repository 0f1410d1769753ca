import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ATC_FILE_EXTENSIONS, ATC_FORM_NAME, atcEndpoints as e, type AtcMarginUpdate, type AtcMode } from '@stoa/shared/atc';
import { filesEndpoints } from '@stoa/shared/files';

import { call } from '../../../lib/api-client';
import { upload, UploadFailedError } from '../../../lib/upload';
import { atcQueries } from './atc-queries';

/**
 * Sends the chosen file (File/Upload?formName=Atc, xlsx or csv, with progress) and checks it
 * (ValidateUpload): answers the stored file's id and the check. Nothing is saved.
 */
export function useValidateAtcFile(mode: AtcMode) {
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      let uploaded;
      try {
        uploaded = await upload(filesEndpoints.upload, file, {
          query: { formName: ATC_FORM_NAME, allowed: ATC_FILE_EXTENSIONS.join(',') },
          onProgress,
        });
      } catch (error) {
        throw new UploadFailedError(error);
      }
      const preview = await call(e.validateUpload, { params: { mode }, body: { fileId: uploaded.id } });
      return { fileId: uploaded.id, preview };
    },
  });
}

/** Saves a checked file (Upload: all or nothing); the margins and the history are fetched again. */
export function useSaveAtcUpload(mode: AtcMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, confirmNewElements }: { fileId: string; confirmNewElements?: boolean }) =>
      call(e.upload, { params: { mode }, body: confirmNewElements ? { fileId, confirmNewElements } : { fileId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...atcQueries.all(), mode] }),
  });
}

/** Corrects blocks of one element's margins (UpdateMargin, with the version the grid showed). */
export function useCorrectMargin() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AtcMarginUpdate }) => call(e.updateMargin, { params: { id }, body }),
  });
}
