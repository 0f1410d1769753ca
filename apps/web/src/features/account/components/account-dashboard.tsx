import ArrowForward from '@mui/icons-material/ArrowForward';
import Download from '@mui/icons-material/Download';
import Key from '@mui/icons-material/Key';
import Person from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { type AuthUser, hasEntityData } from '@stoa/shared/account';
import { menuForRole, WEB_ROUTES } from '@stoa/shared/navigation';

import { IconTile } from '../../../components/icon-tile';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { brand } from '../../../lib/theme';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { notify } from '../../../lib/notify';
import { accountQueries } from '../api/account-queries';
import { downloadUserManual, manualDownloadErrorText } from '../api/download-manual';

function ActionCard({
  icon,
  title,
  text,
  to,
  onClick,
  busy,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  to?: string;
  onClick?: () => void;
  busy?: boolean;
}) {
  const content = (
    <CardContent sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <IconTile>{icon}</IconTile>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h3" sx={{ mb: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {title}
          <ArrowForward sx={{ fontSize: 16, color: 'primary.main' }} aria-hidden="true" />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </Box>
    </CardContent>
  );
  return (
    <Card
      sx={{
        height: '100%',
        transition: 'box-shadow .2s, border-color .2s',
        '&:hover': { borderColor: 'primary.light', boxShadow: '0 6px 18px rgba(11,58,117,0.10)' },
      }}
    >
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
          {content}
        </CardActionArea>
      ) : (
        <CardActionArea onClick={onClick} disabled={busy} sx={{ height: '100%', alignItems: 'flex-start' }}>
          {content}
        </CardActionArea>
      )}
    </Card>
  );
}

function SummaryRow({ label, value, loading }: { label: string; value: string | null | undefined; loading: boolean }) {
  const m = useMessages();
  return (
    <Box
      component="div"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        gap: { xs: 0.25, sm: 2 },
        py: 1.25,
        borderBottom: '1px solid',
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {loading ? <Skeleton width="60%" /> : value || m.common.notProvided}
      </Typography>
    </Box>
  );
}

/**
 * The signed-in home page: who you are, what your role does, and where to go next. `work` (what
 * waits for the user) comes first, under the welcome; `children` (other features' cards, e.g. an
 * applicant's dues) come between the account and the services.
 */
export function AccountDashboard({ user, work, children }: { user: AuthUser; work?: ReactNode; children?: ReactNode }) {
  const m = useMessages();
  const profile = useQuery(accountQueries.profile(user.userId));
  const [downloading, setDownloading] = useState(false);
  useDocumentTitle(m.landing.dashboard);
  const sections = menuForRole(user.role);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const p = profile.data;
  const loading = profile.isPending;

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadUserManual(user);
    } catch (error) {
      notify.error(manualDownloadErrorText(error, m.common));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box>
      <Box
        component="section"
        aria-labelledby="welcome-title"
        className="on-dark"
        sx={{
          borderRadius: 3,
          p: { xs: 3, md: 4.5 },
          mb: 3,
          color: '#fff',
          background: `linear-gradient(120deg, ${brand.navyDark} 0%, ${brand.navy} 55%, #1d5aa6 100%)`,
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <Box
          aria-hidden="true"
          sx={{
            position: 'absolute',
            right: -40,
            top: -40,
            width: 220,
            height: 220,
            borderRadius: '50%',
            border: '28px solid rgba(245,179,1,0.18)',
          }}
        />
        <Box sx={{ position: 'relative', display: 'flex', gap: 2.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <UserAvatar firstName={user.firstName} lastName={user.lastName} size={64} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="overline" sx={{ color: brand.amber, display: 'block' }}>
              {m.landing.dashboard}
            </Typography>
            <Typography id="welcome-title" variant="h1" component="h1" sx={{ fontSize: { xs: '1.55rem', md: '2rem' }, mb: 0.5 }}>
              {m.landing.welcome(name)}
            </Typography>
            <Typography sx={{ opacity: 0.9 }}>{m.landing.signedInAs(m.roles[user.role])}</Typography>
          </Box>
        </Box>
        <Typography sx={{ position: 'relative', mt: 2.5, maxWidth: 760, lineHeight: 1.65, color: 'rgba(255,255,255,0.92)' }}>
          {m.landing.roleDescriptions[user.role]}
        </Typography>
      </Box>

      {work && <Box sx={{ mb: 3 }}>{work}</Box>}

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
                <Typography variant="h4" component="h2">
                  {m.landing.account}
                </Typography>
                <Chip label={m.roles[user.role]} color="primary" size="small" />
              </Box>
              {profile.isError ? (
                <Typography color="error" role="alert">
                  {m.common.fetchError}
                </Typography>
              ) : (
                <Box component="dl" sx={{ m: 0 }}>
                  <SummaryRow label={m.profile.userName} value={p?.userName} loading={loading} />
                  <SummaryRow label={m.profile.email} value={p?.email ?? user.email} loading={false} />
                  <SummaryRow label={m.profile.contactNumber} value={p?.contactNumber} loading={loading} />
                  {hasEntityData(user.role) && (
                    <>
                      <SummaryRow label={m.profile.entityName} value={p?.entityName} loading={loading} />
                      <SummaryRow
                        label={m.profile.entityType}
                        value={p?.entityType ? m.entityTypes[p.entityType] : null}
                        loading={loading}
                      />
                    </>
                  )}
                  {p?.zone && <SummaryRow label={m.profile.zone} value={p.zone} loading={false} />}
                  <SummaryRow label={m.profile.dateOfRegistration} value={formatDisplayDate(p?.dateOfRegistration)} loading={loading} />
                </Box>
              )}
              <Button component={RouterLink} to={WEB_ROUTES.profile.path} endIcon={<ArrowForward />} sx={{ mt: 1.5, px: 0 }}>
                {m.menu.myProfile}
              </Button>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
            {m.landing.whatYouCanDo}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={12}>
              <ActionCard icon={<Person />} title={m.menu.myProfile} text={m.landing.profileCard} to={WEB_ROUTES.profile.path} />
            </Grid>
            <Grid size={12}>
              <ActionCard
                icon={<Key />}
                title={m.menu.changePassword}
                text={m.landing.changePasswordCard}
                to={WEB_ROUTES.changePassword.path}
              />
            </Grid>
            <Grid size={12}>
              <ActionCard
                icon={<Download />}
                title={m.menu.downloadManual}
                text={m.landing.manualCard}
                onClick={() => void onDownload()}
                busy={downloading}
              />
            </Grid>
          </Grid>
        </Grid>
      </Grid>

      {children && <Box sx={{ mt: 3 }}>{children}</Box>}

      <Box component="section" aria-labelledby="services-title" sx={{ mt: 4 }}>
        <Typography id="services-title" variant="h4" component="h2" sx={{ mb: 1.5 }}>
          {m.landing.servicesTitle}
        </Typography>
        {sections.length === 0 ? (
          <Card>
            <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
              <Typography color="text.secondary">{m.landing.soon}</Typography>
            </CardContent>
          </Card>
        ) : (
          <Grid container spacing={2}>
            {sections.map((section) => (
              <Grid key={section.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent sx={{ p: 2.5 }}>
                    {section.items.length === 1 && section.items[0]!.label === section.label ? (
                      // A service of one page named like its section: the heading is the link, read once.
                      <Typography variant="h5" component="h3">
                        <Link
                          component={RouterLink}
                          to={section.items[0]!.path}
                          underline="hover"
                          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                        >
                          {section.label}
                          <ArrowForward sx={{ fontSize: 16 }} aria-hidden="true" />
                        </Link>
                      </Typography>
                    ) : (
                      <>
                        <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
                          {section.label}
                        </Typography>
                        <List dense disablePadding>
                          {section.items.map((item) => (
                            <ListItem key={`${item.path}-${item.label}`} disablePadding>
                              <ListItemButton component={RouterLink} to={item.path} sx={{ borderRadius: 1.5 }}>
                                <ListItemText primary={item.label} />
                              </ListItemButton>
                            </ListItem>
                          ))}
                        </List>
                      </>
                    )}
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </Box>
    </Box>
  );
}
