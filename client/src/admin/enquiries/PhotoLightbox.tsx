import { Button, Group, Image, Modal, ScrollArea, Text } from '@mantine/core';
import { useState } from 'react';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3];

/**
 * One photo at full size through the private upload route (admins only), with rotate and zoom:
 * sellers photograph casebacks and papers sideways. Buttons, not gestures, so it works with a
 * keyboard and a screen reader says what each does.
 */
export function PhotoLightbox({
  photoIds,
  index,
  onIndexChange,
  onClose,
}: {
  photoIds: string[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const [rotation, setRotation] = useState(0);
  const [zoom, setZoom] = useState(2);
  const id = index === null ? undefined : photoIds[index];
  const go = (next: number) => {
    setRotation(0);
    setZoom(2);
    onIndexChange((next + photoIds.length) % photoIds.length);
  };
  return (
    <Modal
      opened={id !== undefined}
      onClose={onClose}
      size="80rem"
      title={index === null ? 'Photo' : `Photo ${index + 1} of ${photoIds.length}`}
    >
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setRotation((r) => r - 90)}>
            Rotate left
          </Button>
          <Button variant="default" size="xs" onClick={() => setRotation((r) => r + 90)}>
            Rotate right
          </Button>
          <Button variant="default" size="xs" disabled={zoom === 0} onClick={() => setZoom((z) => z - 1)}>
            Zoom out
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={zoom === ZOOM_STEPS.length - 1}
            onClick={() => setZoom((z) => z + 1)}
          >
            Zoom in
          </Button>
          <Text size="sm" c="dimmed">
            {Math.round((ZOOM_STEPS[zoom] ?? 1) * 100)}%
          </Text>
        </Group>
        {photoIds.length > 1 && index !== null && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => go(index - 1)}>
              Previous
            </Button>
            <Button variant="default" size="xs" onClick={() => go(index + 1)}>
              Next
            </Button>
          </Group>
        )}
      </Group>
      <ScrollArea h="70vh">
        {id && (
          <Image
            src={`/api/uploads/${id}`}
            alt={`Photo ${(index ?? 0) + 1}, full size`}
            fit="contain"
            mah="68vh"
            style={{
              transform: `rotate(${rotation}deg) scale(${ZOOM_STEPS[zoom] ?? 1})`,
              transformOrigin: 'center',
              transition: 'transform 120ms ease-out',
            }}
          />
        )}
      </ScrollArea>
    </Modal>
  );
}
