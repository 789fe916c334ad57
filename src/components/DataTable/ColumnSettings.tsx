import { ActionIcon, Button, Checkbox, Group, NumberInput, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import type { ColumnPref } from './columnPrefs';

interface Props {
  /** current order, visibility and widths */
  prefs: readonly ColumnPref[];
  labels: Readonly<Record<string, string>>;
  defaults: readonly ColumnPref[];
  saving: boolean;
  onSave: (next: ColumnPref[]) => Promise<void>;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The column-settings popover: show/hide, order and width of each column, saved per user. */
export function ColumnSettings({ prefs, labels, defaults, saving, onSave }: Props) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<ColumnPref[]>([]);

  const open = () => {
    setDraft(prefs.map((p) => ({ ...p })));
    setOpened(true);
  };
  const patch = (i: number, p: Partial<ColumnPref>) => setDraft((d) => d.map((x, j) => (j === i ? { ...x, ...p } : x)));

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label="列设置" openDelay={300}>
          <ActionIcon variant="default" size="md" aria-label="列设置" onClick={() => (opened ? setOpened(false) : open())}>
            <IconSettings size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            列设置
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Stack gap={4}>
              {draft.map((p, i) => (
                <Group key={p.prop} gap={4} wrap="nowrap">
                  <Checkbox size="xs" label={labels[p.prop] ?? p.prop} checked={p.show} onChange={(e) => patch(i, { show: e.currentTarget.checked })} style={{ flex: 1 }} />
                  <NumberInput
                    size="xs"
                    w={70}
                    min={40}
                    max={800}
                    placeholder="宽度"
                    aria-label={`${labels[p.prop] ?? p.prop}宽度`}
                    value={p.width ?? ''}
                    onChange={(v) => patch(i, { width: typeof v === 'number' && v > 0 ? v : undefined })}
                  />
                  <ActionIcon size="sm" variant="subtle" aria-label="上移" disabled={i === 0} onClick={() => setDraft((d) => move(d, i, i - 1))}>
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon size="sm" variant="subtle" aria-label="下移" disabled={i === draft.length - 1} onClick={() => setDraft((d) => move(d, i, i + 1))}>
                    <IconArrowDown size={14} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group justify="flex-end" gap={6}>
            <Button size="xs" variant="default" onClick={() => setDraft(defaults.map((p) => ({ ...p })))}>
              恢复默认
            </Button>
            <Button
              size="xs"
              loading={saving}
              onClick={async () => {
                await onSave(draft);
                setOpened(false);
              }}
            >
              保存
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
