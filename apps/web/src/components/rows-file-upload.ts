import { type FormEvent, useState } from 'react';

import { isApiError } from '../lib/api-error';
import { sendFailureText } from '../lib/upload';
import { type UploadProgressState, useFileChoice } from './file-picker';

/** One row of an uploaded file that the server refused: the row, the column and what is wrong. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** 'rows.{row}.{column}' field errors of a refused file → its row errors (a column may be '00:15' or 'Certificate No'). */
export function rowErrorsOf(error: unknown): RowError[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.flatMap((f) => {
    const m = /^rows\.(\d+)\.(.+)$/.exec(f.fieldName);
    return m ? f.errorMessages.map((message) => ({ row: Number(m[1]), column: m[2]!, message })) : [];
  });
}

/** The upload mutation of a file (its query module sends the file, then the call that reads it). */
export interface FileSend<R> {
  mutateAsync: (variables: { file: File; onProgress?: (share: number) => void }) => Promise<R>;
  isPending: boolean;
}

/**
 * An upload of a file read row by row (bank statement, utilisation): the file chosen and checked, the
 * form's submit (sends it with progress; on refusal keeps the reason and the file's row errors), and
 * the progress to show while it is sent and read.
 */
export function useRowsFileUpload<R>({
  allowed,
  send,
  onSent,
  texts,
}: {
  allowed: readonly string[];
  send: FileSend<R>;
  onSent: (result: R) => void;
  texts: { progressLabel: string; uploading: string; sending: (percent: number) => string };
}) {
  const { file, problem, setProblem, progress, setProgress, percent, choose, ready } = useFileChoice(allowed);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const sending = send.isPending && progress !== null && progress < 1;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = ready();
    if (!sent) return;
    setRowErrors([]);
    setProgress(0);
    try {
      onSent(await send.mutateAsync({ file: sent, onProgress: setProgress }));
    } catch (error) {
      setRowErrors(rowErrorsOf(error));
      setProblem(sendFailureText(error));
    } finally {
      setProgress(null);
    }
  };
  const status: UploadProgressState | null = send.isPending
    ? { label: texts.progressLabel, percent: sending ? percent : null, text: sending ? texts.sending(percent) : texts.uploading }
    : null;
  return {
    file,
    problem,
    rowErrors,
    /** Takes a newly picked file (and forgets the last refusal's row errors). */
    choose: (chosen: File) => {
      choose(chosen);
      setRowErrors([]);
    },
    onSubmit,
    progress: status,
  };
}
