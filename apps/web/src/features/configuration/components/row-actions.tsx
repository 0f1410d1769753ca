import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

import { useConfigMessages } from '../i18n';

/**
 * Edit and Delete of one row. Only rows that have not taken effect offer them (the server refuses
 * the others with 422); `what` names the row for screen readers.
 */
export function RowActions({ what, onEdit, onDelete }: { what: string; onEdit?: () => void; onDelete?: () => void }) {
  const t = useConfigMessages();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {onEdit && (
        <Tooltip title={t.edit}>
          <IconButton size="small" color="primary" aria-label={t.editOf(what)} onClick={onEdit}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title={t.delete}>
          <IconButton size="small" color="error" aria-label={t.deleteOf(what)} onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
