import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { ListError, ListLoading } from '../../../components/list-states';
import { registrationQueries } from '../api/registration-queries';
import { useRegistrationsMessages } from '../i18n';

/** GetMandatoryCheckDetails: each eligibility and document check with a pass or fail icon and its text. */
export function MandatoryChecks({ id }: { id: string }) {
  const t = useRegistrationsMessages();
  const titleId = useId();
  const checks = useQuery(registrationQueries.mandatoryChecks(id));
  let body;
  if (checks.isPending) body = <ListLoading rows={3} />;
  else if (checks.isError) body = <ListError onRetry={() => void checks.refetch()} />;
  else if (checks.data.checkList.length === 0) body = <Typography color="text.secondary">{t.web.noChecks}</Typography>;
  else
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
        {checks.data.checkList.map((check) => (
          <Box component="li" key={check.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            {check.passed ? (
              <CheckCircleOutline fontSize="small" sx={{ color: 'success.dark', mt: 0.25 }} aria-hidden="true" />
            ) : (
              <CancelOutlined fontSize="small" sx={{ color: 'error.dark', mt: 0.25 }} aria-hidden="true" />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {check.label}{' '}
                <Box component="span" sx={{ color: check.passed ? 'success.dark' : 'error.dark', fontWeight: 600 }}>
                  ({check.passed ? t.web.passed : t.web.failed})
                </Box>
              </Typography>
              {check.detail && (
                <Typography variant="body2" color="text.secondary">
                  {check.detail}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    );
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t.detail.mandatoryChecks}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
