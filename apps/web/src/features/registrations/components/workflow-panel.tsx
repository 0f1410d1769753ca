import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { WORKFLOW_ACTION_LABELS, type WorkflowAction } from '@stoa/shared/registrations';

import { isReviewAction, type ReviewAction } from '../api/use-registration-mutations';
import { useRegistrationsMessages } from '../i18n';

const ORDER: ReviewAction[] = ['Forward', 'Approve', 'Return', 'Reject'];
const STYLE: Record<ReviewAction, { variant: 'contained' | 'outlined'; color: 'primary' | 'warning' | 'error' }> = {
  Forward: { variant: 'contained', color: 'primary' },
  Approve: { variant: 'contained', color: 'primary' },
  Return: { variant: 'outlined', color: 'warning' },
  Reject: { variant: 'outlined', color: 'error' },
};

/** The reviewer's actions on the record, exactly those the server allows now (detail.allowedActions). */
export function reviewActions(allowed: readonly WorkflowAction[]): ReviewAction[] {
  return ORDER.filter((action) => allowed.filter(isReviewAction).includes(action));
}

/** 'Workflow Actions': one button per allowed action ('Verify and Forward', 'Approve', 'Seek Clarification', 'Reject'). */
export function WorkflowPanel({
  allowed,
  disabled,
  onAction,
}: {
  allowed: readonly WorkflowAction[];
  disabled: boolean;
  onAction: (action: ReviewAction) => void;
}) {
  const t = useRegistrationsMessages();
  const titleId = useId();
  const actions = reviewActions(allowed);
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ borderTop: 3, borderTopColor: actions.length > 0 ? 'primary.main' : 'divider' }}
    >
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t.web.actionsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: actions.length > 0 ? 2 : 0 }}>
          {actions.length > 0 ? t.web.actionsHint : t.web.noActions}
        </Typography>
        {actions.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, '& > *': { flex: { xs: '1 1 100%', sm: '1 1 auto' } } }}>
            {actions.map((action) => (
              <Button
                key={action}
                variant={STYLE[action].variant}
                color={STYLE[action].color}
                disabled={disabled}
                onClick={() => onAction(action)}
              >
                {WORKFLOW_ACTION_LABELS[action]}
              </Button>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
