import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';

import type { InterStateConsentDetail } from '@stoa/shared/inter-state';

import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadConsentCertificate } from '../api/consent-queries';
import { useConsentMessages } from '../consent-i18n';

/** The consent certificate PDF of a consented (or deemed) application (decision 0068). */
export function CertificateButton({ d }: { d: InterStateConsentDetail }) {
  const m = useMessages();
  const w = useConsentMessages().web;
  const [busy, setBusy] = useState(false);
  if (!d.certificateNo || (d.status !== 'Consented' && d.status !== 'PartiallyConsented')) return null;
  const save = async () => {
    setBusy(true);
    try {
      await downloadConsentCertificate(d.id, d.certificateNo!);
    } catch (error) {
      notify.error(errorText(error, w.downloadFailed || m.common.genericError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled={busy} onClick={() => void save()}>
      {busy ? w.downloading : w.download}
    </Button>
  );
}
