import { buildPath, type Endpoint } from '@stoa/shared/common';

import { APP_HEADER_NAME, APP_VERSION } from '../config/app';
import { type Input, type Output, parseResponse, renewSession } from './api-client';
import { ApiError, errorText } from './api-error';
import { authStore } from './auth-store';
import { messages } from './i18n';

export interface UploadOptions<E extends Endpoint> {
  params?: Input<E['params']>;
  query?: Input<E['query']>;
  /** The multipart field of the file (spec 000 §7: uploadedFile). */
  field?: string;
  /** Share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function urlOf(path: string, params: unknown, query: unknown): string {
  let url = buildPath(path, (params ?? {}) as Record<string, string | number>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  if (text) url += `?${text}`;
  return url;
}

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** One multipart POST with XMLHttpRequest: unlike fetch, it reports upload progress. */
function send(
  url: string,
  form: FormData,
  token: string | undefined,
  options: Pick<UploadOptions<Endpoint>, 'onProgress' | 'signal'>,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-App-Name', APP_HEADER_NAME);
    xhr.setRequestHeader('X-App-Version', APP_VERSION);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status, headers: headersOf(xhr.getAllResponseHeaders()) }));
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', messages().common.genericError));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Uploads one file to a multipart endpoint (POST File/Upload?formName=…) with the same headers,
 * token refresh on 401 and envelope parsing as `call`, reporting progress as it goes.
 */
export async function upload<E extends Endpoint>(endpoint: E, file: File, options: UploadOptions<E> = {}): Promise<Output<E['response']>> {
  const url = urlOf(endpoint.path, options.params, options.query);
  const form = () => {
    const data = new FormData();
    data.append(options.field ?? 'uploadedFile', file, file.name);
    return data;
  };
  const token = authStore.getUser()?.jwtToken;
  let response = await send(url, form(), token, options);
  if (response.status === 401 && token) {
    const renewed = await renewSession(token);
    if (renewed) {
      options.onProgress?.(0);
      response = await send(url, form(), renewed.jwtToken, options);
    }
  }
  return parseResponse(endpoint, response);
}

/** A failure of the upload step of a flow that uploads and then saves (the cause is the upload's). */
export class UploadFailedError extends Error {
  constructor(override readonly cause: unknown) {
    super('upload failed');
  }
}

/**
 * What to show for a failed upload (spec 000 §8): the server's reason when it refused the file
 * ('Invalid file. Please upload pdf file', 'The file is empty.', 'The file is larger than 10 MB.'),
 * otherwise 'Unable to upload the file.'.
 */
export function uploadErrorText(error: unknown): string {
  const cause = error instanceof UploadFailedError ? error.cause : error;
  if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500 && cause.status !== 401 && cause.firstMessage)
    return cause.firstMessage;
  return messages().files.uploadFailed;
}

/** What a flow that uploads and then saves shows when it fails: the upload's failure as above, or the save's reason. */
export function sendFailureText(error: unknown): string {
  return error instanceof UploadFailedError ? uploadErrorText(error) : errorText(error, messages().common.genericError);
}
