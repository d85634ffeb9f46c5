import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../widgets/notify.ts';
import type { CampaignBlocks } from './useCampaignBlocks.ts';

/**
 * Blocks or Custom HTML (decision 092). To Custom HTML is one click and keeps the content: the HTML
 * starts as the blocks render it. Back to the blocks is explicit, confirmed in a dialog, because
 * the HTML written meanwhile is not kept: the campaign is sent from its blocks again.
 */
export function CampaignEditorSwitch({
  blocks,
  onHtml,
}: {
  blocks: CampaignBlocks;
  /** Custom HTML starts from this: the blocks' rendered body. */
  onHtml: (html: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [switching, setSwitching] = useState(false);

  const toHtml = async () => {
    setSwitching(true);
    try {
      const body = await blocks.renderedBody();
      if (body === null) {
        notifyError('Complete the marked blocks first, so their HTML can be kept.', {
          title: 'Not switched',
        });
        return;
      }
      onHtml(body);
      blocks.setEditor('html');
    } catch (error) {
      notifyError(error, { title: 'Not switched' });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <>
      <SegmentedControl
        aria-label="Editor"
        value={blocks.editor}
        disabled={switching}
        onChange={(value) => {
          if (value === 'html') void toHtml();
          else setConfirming(true);
        }}
        data={[
          { value: 'blocks', label: 'Blocks' },
          { value: 'html', label: 'Custom HTML' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Edit with blocks?" centered>
        <Stack>
          <Text size="sm">
            The campaign will be sent from its blocks. The Custom HTML is not kept: changes made there are
            lost.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep Custom HTML
            </Button>
            <Button
              onClick={() => {
                blocks.setEditor('blocks');
                setConfirming(false);
              }}
            >
              Use the blocks
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
