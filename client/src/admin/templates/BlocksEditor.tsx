import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Block, LeafBlock } from '#shared/templates/blocks.ts';
import {
  type AddableType,
  addBlock,
  type BlockList,
  type LeafType,
  moveBlock,
  newBlock,
  newLeaf,
  removeBlock,
  replaceBlock,
} from './block-history.ts';
import { type ErrorAt, LeafBlockFields } from './BlockFields.tsx';

/*
 * The block editor (decision 054): one card per block, in message order. A card moves by its
 * handle (drag with a pointer; or focus it, Space, arrow keys, Space: dnd-kit's keyboard sensor)
 * or by its Move up / Move down buttons. Undo and redo cover the whole document (block-history.ts)
 * and answer Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z anywhere in the editor. The footer is fixed: last,
 * with no handle and no Remove.
 */

export const BLOCK_LABELS: Record<Block['type'], string> = {
  heading: 'Heading',
  richText: 'Text',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
  spacer: 'Spacer',
  columns: 'Two columns',
  watch: 'Watch',
  footer: 'Footer',
};

const ADDABLE: AddableType[] = [
  'heading',
  'richText',
  'image',
  'button',
  'watch',
  'columns',
  'divider',
  'spacer',
];
const LEAVES: LeafType[] = ['heading', 'richText', 'image', 'button', 'watch', 'divider', 'spacer'];

interface BlocksEditorProps {
  list: BlockList;
  change: (list: BlockList, field?: string) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  errorAt: ErrorAt;
  /** A message about the document as a whole (the merge-tag rule, the block count). */
  documentError?: string | undefined;
}

export function BlocksEditor({
  list,
  change,
  undo,
  redo,
  canUndo,
  canRedo,
  errorAt,
  documentError,
}: BlocksEditorProps) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const movable = list.keys.filter((_, i) => list.blocks[i]?.type !== 'footer');

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.keys.indexOf(String(active.id));
    const to = list.keys.indexOf(String(over.id));
    change(moveBlock(list, from, to));
  };

  // Undo for the document, wherever the focus is inside the editor; the rich-text field has no
  // history of its own (RichTextField.tsx), so the shortcut means the same everywhere.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      undo();
    } else if ((key === 'z' && event.shiftKey) || key === 'y') {
      event.preventDefault();
      redo();
    }
  };

  return (
    <Stack onKeyDown={onKeyDown} role="group" aria-label="Blocks">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Blocks
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            onClick={undo}
            disabled={!canUndo}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={redo}
            disabled={!canRedo}
            aria-keyshortcuts="Control+Shift+Z"
          >
            Redo
          </Button>
          <AddMenu
            types={ADDABLE}
            label="Add block"
            onAdd={(type) => change(addBlock(list, newBlock(type)))}
          />
        </Group>
      </Group>
      {documentError && (
        <Alert color="red" role="alert">
          {documentError}
        </Alert>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={movable} strategy={verticalListSortingStrategy}>
          <Stack gap="sm">
            {list.blocks.map((block, index) => {
              const key = list.keys[index] ?? String(index);
              const path = `blocks.${index}`;
              if (block.type === 'footer') return <FooterCard key={key} />;
              const name = `${BLOCK_LABELS[block.type]} ${index + 1}`;
              return (
                <SortableCard
                  key={key}
                  id={key}
                  name={name}
                  error={errorAt(path)}
                  onMoveUp={index > 0 ? () => change(moveBlock(list, index, index - 1)) : undefined}
                  onMoveDown={
                    list.blocks[index + 1]?.type !== 'footer'
                      ? () => change(moveBlock(list, index, index + 1))
                      : undefined
                  }
                  onRemove={() => change(removeBlock(list, index))}
                >
                  {block.type === 'columns' ? (
                    <Group grow align="flex-start">
                      {(['left', 'right'] as const).map((side) => (
                        <ColumnFields
                          key={side}
                          side={side}
                          blocks={block[side]}
                          path={`${path}.${side}`}
                          errorAt={errorAt}
                          onChange={(blocks, field) =>
                            change(replaceBlock(list, index, { ...block, [side]: blocks }), field)
                          }
                        />
                      ))}
                    </Group>
                  ) : (
                    <LeafBlockFields
                      block={block}
                      path={path}
                      errorAt={errorAt}
                      onChange={(next, field) => change(replaceBlock(list, index, next), field)}
                    />
                  )}
                </SortableCard>
              );
            })}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}

function AddMenu<T extends AddableType>({
  types,
  label,
  onAdd,
}: {
  types: readonly T[];
  label: string;
  onAdd: (type: T) => void;
}) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs">{label}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {types.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {BLOCK_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function SortableCard({
  id,
  name,
  error,
  onMoveUp,
  onMoveDown,
  onRemove,
  children,
}: {
  id: string;
  name: string;
  error: string | undefined;
  onMoveUp: (() => void) | undefined;
  onMoveDown: (() => void) | undefined;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      role="region"
      aria-label={name}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag ${name}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
          <Text fw={600} size="sm">
            {name}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={`Move ${name} up`}
            onClick={onMoveUp}
            disabled={!onMoveUp}
          >
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={`Move ${name} down`}
            onClick={onMoveDown}
            disabled={!onMoveDown}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
          <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </Group>
      </Group>
      {error && (
        <Text size="sm" c="red" mb="xs" role="alert">
          {error}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** One side of a two-column block: content blocks only (no columns in columns, no footer). */
function ColumnFields({
  side,
  blocks,
  path,
  errorAt,
  onChange,
}: {
  side: 'left' | 'right';
  blocks: LeafBlock[];
  path: string;
  errorAt: ErrorAt;
  onChange: (blocks: LeafBlock[], field?: string) => void;
}) {
  const label = side === 'left' ? 'Left column' : 'Right column';
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <AddMenu
          types={LEAVES}
          label={`Add to ${side} column`}
          onAdd={(type) => onChange([...blocks, newLeaf(type)])}
        />
      </Group>
      {blocks.length === 0 && (
        <Text size="xs" c="dimmed">
          Empty
        </Text>
      )}
      {blocks.map((block, i) => (
        <Paper key={i} withBorder p="xs" radius="sm">
          <Group justify="space-between" mb={4}>
            <Text size="xs" fw={600}>
              {BLOCK_LABELS[block.type]}
            </Text>
            <Button
              variant="subtle"
              color="red"
              size="compact-xs"
              onClick={() => onChange(blocks.filter((_, j) => j !== i))}
              aria-label={`Remove ${BLOCK_LABELS[block.type]} from ${label.toLowerCase()}`}
            >
              Remove
            </Button>
          </Group>
          <LeafBlockFields
            block={block}
            path={`${path}.${i}`}
            errorAt={errorAt}
            onChange={(next, field) =>
              onChange(
                blocks.map((b, j) => (j === i ? next : b)),
                field,
              )
            }
          />
        </Paper>
      ))}
    </Stack>
  );
}

function FooterCard() {
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" role="region" aria-label="Footer">
      <Text fw={600} size="sm">
        Footer
      </Text>
      <Text size="sm" c="dimmed">
        Always last, added to every message: why the reader gets it, the unsubscribe link for campaigns, and
        the business&apos;s name, ABN, address and licence.
      </Text>
    </Paper>
  );
}
