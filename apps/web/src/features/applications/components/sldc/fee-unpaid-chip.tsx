import MoneyOffOutlined from '@mui/icons-material/MoneyOffOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

import { useSldcApplicationsMessages } from '../../i18n';

/** The "Fee unpaid" flag of an application whose application fee due is not paid (decision 0044). */
export function FeeUnpaidChip() {
  const t = useSldcApplicationsMessages().sldc;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      icon={<MoneyOffOutlined />}
      label={t.feeUnpaid}
      sx={{ fontWeight: 600, borderWidth: 2, color: 'warning.dark', '& .MuiChip-icon': { color: 'warning.dark' } }}
    />
  );
}

/** The flag with what it means, on the SLDC application page. */
export function FeeUnpaidNotice() {
  const t = useSldcApplicationsMessages().sldc;
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <FeeUnpaidChip />
      <Typography variant="body2" color="text.secondary">
        {t.feeUnpaidHint}
      </Typography>
    </Box>
  );
}
