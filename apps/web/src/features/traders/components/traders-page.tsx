import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { PageHeader } from '../../../components/page-header';
import { useTradersMessages } from '../i18n';
import { AddTraderForm } from './add-trader-form';
import { MyTraders } from './my-traders';

const CARD_CONTENT_SX = { p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } } as const;

/** 'Trader Details' (spec 001 §2, OA applicant): add a trader, and the list of the user's traders. */
export function TradersPage() {
  const t = useTradersMessages();
  const addId = useId();
  const listId = useId();
  return (
    <Box>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Card component="section" aria-labelledby={addId} sx={{ mb: 2.5 }}>
        <CardContent sx={CARD_CONTENT_SX}>
          <Typography id={addId} variant="h6" component="h2" sx={{ mb: 2 }}>
            {t.addTitle}
          </Typography>
          <AddTraderForm />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby={listId}>
        <CardContent sx={CARD_CONTENT_SX}>
          <Typography id={listId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t.listTitle}
          </Typography>
          <MyTraders />
        </CardContent>
      </Card>
    </Box>
  );
}
