import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';

import type { InterStateConsentDetail } from '@stoa/shared/inter-state';

import { useMessages } from '../../../lib/i18n';
import { useDownload } from '../../../lib/use-download';
import { downloadConsentCertificate } from '../api/consent-queries';
import { useConsentMessages } from '../consent-i18n';

/** The consent certificate PDF of a consented (or deemed) application (decision 0068), or of one since revoked (marked so, decision 0077). */
export function CertificateButton({ d }: { d: InterStateConsentDetail }) {
  const m = useMessages();
  const w = useConsentMessages().web;
  const { busy, download } = useDownload(w.downloadFailed || m.common.genericError);
  if (!d.certificateNo || !['Consented', 'PartiallyConsented', 'Revoked', 'Expired'].includes(d.status)) return null;
  const certificateNo = d.certificateNo;
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      disabled={busy}
      onClick={() => void download(() => downloadConsentCertificate(d.id, certificateNo))}
    >
      {busy ? w.downloading : w.download}
    </Button>
  );
}
