import Email from '@mui/icons-material/Email';
import LocationOn from '@mui/icons-material/LocationOn';
import Phone from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { useMessages } from '../../lib/i18n';
import { brand } from '../../lib/theme';
import { BrandLogo } from '../brand-mark';

const linkSx = {
  color: '#fff',
  textDecorationColor: 'rgba(255,255,255,0.5)',
  fontWeight: 400,
  fontSize: '0.9rem',
  textAlign: 'left',
  '&:hover': { textDecorationColor: '#fff' },
} as const;

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="h2"
      sx={{ fontSize: '0.8rem', fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', color: brand.amber, mb: 1.5 }}
    >
      {children}
    </Typography>
  );
}

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1, fontSize: '0.9rem' }}>
      <Box aria-hidden="true" sx={{ mt: '2px', opacity: 0.8, '& svg': { fontSize: 18 } }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** Footer of the signed-in pages (spec 001 §1): about, quick links, contact, GST number and CIN. */
export function AppFooter() {
  const m = useMessages();
  const f = m.footer;
  const [dialog, setDialog] = useState<'legal' | 'terms' | null>(null);
  const feedbackHref = `mailto:${f.helpdeskEmail}?subject=${encodeURIComponent(f.feedbackSubject)}`;
  return (
    <Box component="footer" className="on-dark" sx={{ bgcolor: brand.footer, color: 'rgba(255,255,255,0.92)', mt: 6 }}>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2.5, md: 4 }, py: { xs: 4, md: 5 } }}>
        <Grid container spacing={{ xs: 3.5, md: 4 }}>
          <Grid size={{ xs: 12, md: 4 }} sx={{ order: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
              <BrandLogo size={36} />
              <Typography sx={{ fontWeight: 700, color: '#fff' }}>{m.app.fullName}</Typography>
            </Box>
            <Typography sx={{ fontSize: '0.9rem', lineHeight: 1.6 }}>{f.about}</Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }} sx={{ order: 2 }}>
            <Heading>{f.quickLinks}</Heading>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              <li>
                <Link component={RouterLink} to="/" sx={linkSx}>
                  {f.home}
                </Link>
              </li>
              <li>
                <Link component="button" type="button" onClick={() => setDialog('legal')} sx={linkSx}>
                  {f.legal}
                </Link>
              </li>
              <li>
                <Link component="button" type="button" onClick={() => setDialog('terms')} sx={linkSx}>
                  {f.terms}
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to={WEB_ROUTES.openAccessInformation.path} sx={linkSx}>
                  {f.openAccessInformation}
                </Link>
              </li>
              <li>
                <Link href={feedbackHref} sx={linkSx}>
                  {f.feedback}
                </Link>
              </li>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3.5 }} sx={{ order: { xs: 4, md: 3 } }}>
            <Heading>{f.contact}</Heading>
            <Row icon={<LocationOn />}>{f.address}</Row>
            <Row icon={<Phone />}>{f.phone}</Row>
            <Row icon={<Email />}>{f.email}</Row>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2.5 }} sx={{ order: { xs: 3, md: 4 } }}>
            <Heading>{m.app.owner}</Heading>
            <Typography sx={{ fontSize: '0.9rem', mb: 1, overflowWrap: 'anywhere' }}>{f.gst}</Typography>
            <Typography sx={{ fontSize: '0.9rem', overflowWrap: 'anywhere' }}>{f.cin}</Typography>
          </Grid>
        </Grid>
      </Box>
      <Box sx={{ borderTop: '1px solid rgba(255,255,255,0.15)', py: 2, px: 2, textAlign: 'center' }}>
        <Typography sx={{ fontSize: '0.85rem', color: 'rgba(255,255,255,0.85)' }}>{f.copyright(new Date().getFullYear())}</Typography>
      </Box>
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} aria-labelledby="footer-dialog-title" maxWidth="sm" fullWidth>
        <DialogTitle id="footer-dialog-title">{dialog === 'terms' ? f.terms : f.legal}</DialogTitle>
        <DialogContent>
          <Typography>{dialog === 'terms' ? f.termsText : f.legalText}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} variant="contained">
            {m.common.close}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
