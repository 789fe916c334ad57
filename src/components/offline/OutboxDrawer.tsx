import { useMemo, useState, type CSSProperties } from 'react';
import { Alert, Badge, Button, Drawer, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { OutboxItem, OutboxState } from '../../offline/db';
import { discardItem, retryAll, retryItem } from '../../offline/outbox';
import { useIsOnline } from '../../offline/cachedDataNotice';
import { useOutboxWhile, useOutboxEngineStatus } from '../../offline/useOutbox';
import { flushOutboxNow } from '../../offline/start';
import { currentOutboxOwner, mayBeSentBy, otherOwnerNote, type OutboxOwner } from '../../offline/owner';
import { FixedRowList } from './FixedRowList';
import rowClasses from './OutboxRow.module.css';

/** Every row the same height (the list draws only those in view): the note and the server's message get one line each. */
const ROW_HEIGHT = 104;
const ROW_GAP = 6;
// the badge keeps its text whole beside a long label (it was cut to 被…/待… on phones and tablets)
const NO_SHRINK = { flexShrink: 0 } as const;

const STATE_LABEL: Record<OutboxState, { text: string; color: string }> = {
  pending: { text: '待同步', color: 'orange' },
  sending: { text: '发送中', color: 'blue' },
  rejected: { text: '被拒绝', color: 'red' },
  done: { text: '已同步', color: 'green' },
};

function OutboxRow({ item, owner, onDiscard }: { item: OutboxItem; owner: OutboxOwner | null; onDiscard(item: OutboxItem): void }) {
  const s = STATE_LABEL[item.state];
  // another user's write waits for that user; this session may neither send nor discard it
  const otherOwner = item.user && !mayBeSentBy(item.user, owner) ? item.user : null;
  return (
    <div className={rowClasses.row} data-testid="outbox-item" data-state={item.state} style={{ height: ROW_HEIGHT - ROW_GAP }}>
      <div className={rowClasses.text}>
        <div className={rowClasses.title}>
          <Badge color={s.color} size="xs" variant="light" style={NO_SHRINK}>
            {s.text}
          </Badge>
          <span className={rowClasses.label}>{item.label}</span>
        </div>
        <div className={rowClasses.note}>
          {dayjs(item.createdAt).format('YYYY-MM-DD HH:mm:ss')}
          {item.attempts > 0 ? ` · 已尝试 ${item.attempts} 次` : ''}
        </div>
        {otherOwner ? (
          <div className={`${rowClasses.note} ${rowClasses.oneLine}`} data-testid="outbox-item-owner">
            {otherOwnerNote(otherOwner)}
          </div>
        ) : null}
        {item.lastError ? (
          <div
            className={`${rowClasses.note} ${rowClasses.error}${item.state === 'rejected' ? ` ${rowClasses.refused}` : ''}`}
            style={{ '--lines': otherOwner ? 1 : 2 } as CSSProperties}
            title={item.lastError}
            data-testid="outbox-item-error"
          >
            {item.lastError}
          </div>
        ) : null}
      </div>
      {otherOwner ? null : (
        <div className={rowClasses.actions}>
          <Button size="compact-xs" variant="light" leftSection={<IconRefresh size={12} />} disabled={item.state === 'sending'} onClick={() => void retryItem(item.id)}>
            重试
          </Button>
          <Button size="compact-xs" variant="light" color="red" leftSection={<IconTrash size={12} />} disabled={item.state === 'sending'} onClick={() => onDiscard(item)}>
            丢弃
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Every queued write with its state and the server's message; retry, or discard after a
 * confirmation. `total`: the open items the top bar counts, shown while the panel holds only the
 * first of them (useOutboxWhile reads those first).
 */
export function OutboxDrawer({ opened, onClose, onSignInAgain, total }: { opened: boolean; onClose(): void; onSignInAgain?: () => void; total?: number }) {
  // The list is read only while the panel is open (a flush of 1,000 items must not re-read it
  // 2,000 times), from the click on: the drawer draws its content a frame later, when it starts
  // sliding in, and its first rows are then read already.
  const { items, complete } = useOutboxWhile(opened);
  const count = items === null ? null : complete ? items.length : Math.max(total ?? 0, items.length);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="离线与待同步" data-testid="outbox-drawer">
      {opened ? <OutboxList items={items} count={count} onSignInAgain={onSignInAgain} /> : null}
    </Drawer>
  );
}

/** `items` and `count` null: not read yet (nothing is said of the list then, not 没有待同步的操作). */
function OutboxList({ items, count, onSignInAgain }: { items: OutboxItem[] | null; count: number | null; onSignInAgain?: () => void }) {
  const empty = items === null || items.length === 0;
  // read once for the list, not once per row (it parses the saved session)
  const owner = useMemo(() => currentOutboxOwner(), []);
  const online = useIsOnline();
  const status = useOutboxEngineStatus();
  const [toDiscard, setToDiscard] = useState<OutboxItem | null>(null);

  return (
    <>
      <Stack gap="xs">
        {online ? null : (
          <Alert color="gray" icon={<IconCloudOff size={16} />} p="xs">
            当前离线，操作已保存在本机，联网后自动按顺序提交。
          </Alert>
        )}
        {status.authBlocked ? (
          <Alert color="yellow" p="xs">
            登录已失效，重新登录后自动提交。
            {onSignInAgain ? (
              <Button size="compact-xs" variant="light" color="yellow" ml="xs" onClick={onSignInAgain}>
                重新登录
              </Button>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {count === null ? '读取中…' : `共 ${count} 条`}
          </Text>
          <Group gap={6}>
            <Button size="compact-xs" variant="default" disabled={!online || empty} loading={status.flushing} onClick={() => void flushOutboxNow()}>
              立即同步
            </Button>
            <Button size="compact-xs" variant="default" disabled={empty} onClick={() => void retryAll()}>
              全部重试
            </Button>
          </Group>
        </Group>
        {items === null ? null : items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            没有待同步的操作
          </Text>
        ) : (
          <FixedRowList
            items={items}
            rowHeight={ROW_HEIGHT}
            besidePx={200}
            keyOf={(it) => it.id}
            renderRow={(it) => <OutboxRow item={it} owner={owner} onDiscard={setToDiscard} />}
            testId="outbox-list"
          />
        )}
      </Stack>
      <Modal opened={toDiscard !== null} onClose={() => setToDiscard(null)} title="丢弃操作" size="sm" centered>
        <Stack gap="sm">
          <Text size="sm">确定丢弃「{toDiscard?.label}」吗？丢弃后这条操作不会再提交，且无法恢复。</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setToDiscard(null)}>
              取消
            </Button>
            <Button
              size="xs"
              color="red"
              data-testid="outbox-discard-confirm"
              onClick={() => {
                const it = toDiscard;
                setToDiscard(null);
                if (it) void discardItem(it.id);
              }}
            >
              丢弃
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
