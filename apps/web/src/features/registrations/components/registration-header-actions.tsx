import ArrowBack from '@mui/icons-material/ArrowBack';
import Autorenew from '@mui/icons-material/Autorenew';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { RegistrationDetail } from '@stoa/shared/registrations';

import { useRegistrationsMessages } from '../i18n';
import type { FormPageMode } from './registration-form-page';
import { renewPath } from './registrations-grid';

/**
 * The registration page's header buttons: Back always; on a record, the PDFs for the load centres
 * (details, and the comparison for a renewal), Edit Trader Details and Renew for the owner when
 * the server allows them.
 */
export function RegistrationHeaderActions({
  mode,
  detail,
  listPath,
  loadCentre,
  owner,
  onDownload,
  onEditTrader,
}: {
  mode: FormPageMode;
  detail: RegistrationDetail | null;
  listPath: string;
  loadCentre: boolean;
  owner: boolean;
  onDownload: (kind: 'detail' | 'comparison') => void;
  onEditTrader: () => void;
}) {
  const t = useRegistrationsMessages();
  const actions: ReactNode[] = [
    <Button key="back" component={Link} to={listPath} startIcon={<ArrowBack />} variant="text">
      {t.web.back}
    </Button>,
  ];
  if (mode === 'view' && detail) {
    if (loadCentre) {
      actions.push(
        <Button key="download" variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => onDownload('detail')}>
          {t.detail.downloadDetails}
        </Button>,
      );
      if (detail.isRenewal && detail.previousRegistrationId) {
        actions.push(
          <Button key="compare" variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => onDownload('comparison')}>
            {t.detail.downloadComparison}
          </Button>,
        );
      }
    }
    if (owner && detail.canEditTraderDetails) {
      actions.push(
        <Button key="trader" variant="outlined" startIcon={<EditOutlined />} onClick={onEditTrader}>
          {t.detail.editTraderDetails}
        </Button>,
      );
    }
    if (owner && detail.canRenew) {
      actions.push(
        <Button key="renew" variant="contained" startIcon={<Autorenew />} component={Link} to={renewPath(detail)}>
          {t.list.renew}
        </Button>,
      );
    }
  }
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: { xs: 'stretch', sm: 'flex-end' },
        '& > *': { flex: { xs: '1 1 auto', sm: 'none' } },
      }}
    >
      {actions}
    </Box>
  );
}
