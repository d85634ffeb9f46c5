import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { downloadCsv } from '../lists/download.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';

/** Downloads the campaign's sends (one row per recipient, status and event times) as CSV. */
export function ExportSendsButton({ campaignId }: { campaignId: string }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rowCount } = await downloadCsv(
        `/api/admin/exports/campaigns/${campaignId}/sends.csv`,
        'campaign-sends.csv',
      );
      notifications.show({
        color: 'green',
        title: 'Export complete',
        message: `Exported ${formatCount(rowCount)} ${rowCount === 1 ? 'send' : 'sends'}`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
      Export CSV
    </Button>
  );
}
