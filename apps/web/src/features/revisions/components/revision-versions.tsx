import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { buildPath } from '@stoa/shared/common';
import type { RevisionDetail } from '@stoa/shared/revisions';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { differenceRanges, revisionPath } from '../format';
import { useRevisionMessages } from '../i18n';
import { Section } from '../../../components/detail-section';

/** The versions of a revised schedule and the difference between two of them (the revision page). */
type Days = RevisionDetail['versions'][number]['days'];
type Version = RevisionDetail['versions'][number];

/** What made a version: 'As approved', or the revision / curtailment with a link to it. */
function VersionSource({ version, applicationId }: { version: Version; applicationId: string }) {
  const t = useRevisionMessages().pages;
  const label = t.sourceLabels[version.source];
  const link =
    version.source === 'Revision' && version.revisionId && version.revisionNo
      ? { to: revisionPath(version.revisionId, applicationId), no: version.revisionNo }
      : version.source === 'Curtailment' && version.curtailmentId && version.curtailmentNo
        ? { to: buildPath(WEB_ROUTES.curtailmentView.path, { curtailmentId: version.curtailmentId }), no: version.curtailmentNo }
        : null;
  if (!link) return <>{label}</>;
  return (
    <>
      {label}{' '}
      <MuiLink component={Link} to={link.to} underline="hover" aria-label={t.sourceOf(label, link.no)} sx={{ overflowWrap: 'anywhere' }}>
        {link.no}
      </MuiLink>
    </>
  );
}

/** The versions of the schedule and the difference between two of them, per block range. */
export function Versions({ revision }: { revision: RevisionDetail }) {
  const t = useRevisionMessages().pages;
  const choices = useMemo(() => {
    const list: { key: string; label: string; days: Days }[] = revision.versions.map((v) => ({
      key: String(v.versionNo),
      label: t.versionLabel(v.versionNo),
      days: v.days,
    }));
    if (revision.proposed && revision.scheduleVersion !== null)
      list.push({ key: 'proposed', label: t.proposedLabel(revision.scheduleVersion), days: revision.proposed });
    return list;
  }, [revision, t]);
  // Default: this revision's version against the one before it (requested: current → proposed).
  const ownIndex =
    revision.status === 'Requested' ? choices.length - 1 : choices.findIndex((c) => c.key === String(revision.scheduleVersion));
  const defaultTo = ownIndex > 0 ? ownIndex : choices.length - 1;
  const [fromKey, setFromKey] = useState(choices[Math.max(defaultTo - 1, 0)]!.key);
  const [toKey, setToKey] = useState(choices[defaultTo]!.key);
  const from = choices.find((c) => c.key === fromKey) ?? choices[0]!;
  const to = choices.find((c) => c.key === toKey) ?? choices[choices.length - 1]!;
  const ranges = useMemo(() => differenceRanges(from.days, to.days), [from, to]);
  const label = t.differenceLabel(from.label, to.label);
  return (
    <Section title={t.versionsTitle} hint={t.versionsHint}>
      <TableContainer tabIndex={0} role="region" aria-label={t.versionsTitle}>
        <Table size="small" aria-label={t.versionsTitle}>
          <TableHead>
            <TableRow>
              <TableCell>{t.version}</TableCell>
              <TableCell>{t.source}</TableCell>
              <TableCell>{t.createdAt}</TableCell>
              <TableCell align="right">{t.totalMwh}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {revision.versions.map((v) => (
              <TableRow key={v.versionNo} selected={v.revisionId === revision.id}>
                <TableCell>{t.versionLabel(v.versionNo)}</TableCell>
                <TableCell>
                  <VersionSource version={v} applicationId={revision.application.id} />
                </TableCell>
                <TableCell>{formatIstDateTime(v.createdAt)}</TableCell>
                <TableCell align="right">{v.totalMwh}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Grid container spacing={2} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField select fullWidth label={t.compareFrom} value={from.key} onChange={(e) => setFromKey(e.target.value)}>
            {choices.map((c) => (
              <MenuItem key={c.key} value={c.key}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField select fullWidth label={t.compareTo} value={to.key} onChange={(e) => setToKey(e.target.value)}>
            {choices.map((c) => (
              <MenuItem key={c.key} value={c.key}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
        {label}
      </Typography>
      {ranges.length === 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t.noDifference}
        </Alert>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>{t.date}</TableCell>
                <TableCell>{t.time}</TableCell>
                <TableCell align="right">{t.versionMw(from.label)}</TableCell>
                <TableCell align="right">{t.versionMw(to.label)}</TableCell>
                <TableCell align="right">{t.difference}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ranges.map((r) => (
                <TableRow key={`${r.date}-${r.from}`}>
                  <TableCell>{formatDisplayDate(r.date)}</TableCell>
                  <TableCell>{`${r.from} – ${r.to}`}</TableCell>
                  <TableCell align="right">{r.before}</TableCell>
                  <TableCell align="right">{r.after}</TableCell>
                  <TableCell align="right" sx={{ color: r.difference.startsWith('-') ? 'error.dark' : 'success.dark', fontWeight: 600 }}>
                    {r.difference}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}
