import { Button } from '@mantine/core';
import { useState } from 'react';
import { downloadCsv } from '../lists/download.ts';
import { formatCount } from '../widgets/format.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

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
      notifySuccess(`Exported ${formatCount(rowCount)} ${rowCount === 1 ? 'send' : 'sends'}`, {
        title: 'Export complete',
      });
    } catch (error) {
      notifyError(error, { title: 'Export failed' });
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
