/**
 * An XMLHttpRequest double for uploads (lib/upload.ts): sends through `fetch`, so the handlers of
 * mockFetch answer it, and reports upload progress at half and at the end of the body.
 */
export class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private responseHeaders = '';
  private aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getAllResponseHeaders() {
    return this.responseHeaders;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  send(body: FormData) {
    void (async () => {
      try {
        const file = body.get('uploadedFile');
        const total = file instanceof Blob ? Math.max(file.size, 1) : 1;
        this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total } as ProgressEvent);
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: total, total } as ProgressEvent);
        if (this.aborted) return;
        this.status = response.status;
        this.responseText = await response.text();
        this.responseHeaders = [...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\r\n');
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    })();
  }
}
