import { Alert, List, Stack } from '@mantine/core';
import { CAMPAIGN_READY, type CampaignValidation } from '#shared/campaigns/rules.ts';

/** Live results of the campaign rules: errors block sending, warnings only inform. */
export function ValidationPanel({ validation }: { validation: CampaignValidation }) {
  return (
    <Stack gap="sm" aria-live="polite" data-testid="validation-panel">
      {validation.errors.length > 0 && (
        <Alert color="red" title={`Fix before sending (${validation.errors.length})`}>
          <List size="sm" spacing={4}>
            {validation.errors.map((issue) => (
              <List.Item key={`${issue.code}:${issue.message}`}>{issue.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {validation.warnings.length > 0 && (
        <Alert color="yellow" title={`Warnings (${validation.warnings.length})`}>
          <List size="sm" spacing={4}>
            {validation.warnings.map((issue) => (
              <List.Item key={`${issue.code}:${issue.message}`}>{issue.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {validation.ready && (
        <Alert color="green" title={CAMPAIGN_READY}>
          No errors or warnings. This campaign is ready to send.
        </Alert>
      )}
    </Stack>
  );
}
