import { useState } from 'react';
import { Card, Grid, Group, NavLink, Pagination, ScrollArea, Stack, Text, TextInput, Title, Typography } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { fetchGuideDetail, fetchGuidePage } from '../../api/guides';
import { errorMessage } from '../../api/client';

const ROWS = 20;

/** 操作指南: the published guides, a list on the left and the chosen article on the right. */
export default function GuidePage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [title] = useDebouncedValue(search.trim(), 300);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['guides', 'page', page, title],
    queryFn: () => fetchGuidePage({ page, rows: ROWS, title: title || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.content ?? [];
  const currentId = selectedId ?? rows[0]?.id ?? null;
  const detail = useQuery({
    queryKey: ['guides', 'detail', currentId],
    queryFn: () => fetchGuideDetail(currentId as number),
    enabled: currentId !== null,
  });

  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <Card withBorder padding="sm">
          <Stack gap="xs">
            <TextInput
              placeholder="搜索指南标题"
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
            />
            {list.isError ? (
              <Text size="sm" c="red">
                {errorMessage(list.error, '操作指南加载失败')}
              </Text>
            ) : rows.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {list.isPending ? '加载中…' : '暂无操作指南'}
              </Text>
            ) : (
              <ScrollArea.Autosize mah="60vh">
                {rows.map((g) => (
                  <NavLink key={g.id} label={g.title} description={g.publish_time ?? g.updated_at ?? undefined} active={g.id === currentId} onClick={() => setSelectedId(g.id)} />
                ))}
              </ScrollArea.Autosize>
            )}
            {(list.data?.totalSize ?? 0) > ROWS ? (
              <Group justify="center">
                <Pagination size="xs" total={Math.ceil((list.data?.totalSize ?? 0) / ROWS)} value={page} onChange={setPage} />
              </Group>
            ) : null}
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Card withBorder padding="md" mih={300}>
          {detail.data ? (
            <Stack gap="xs">
              <Title order={4}>{detail.data.title}</Title>
              <Text size="xs" c="dimmed">
                {detail.data.publish_time ?? detail.data.updated_at ?? ''}
              </Text>
              <Typography>
                {/* Guide HTML is sanitised by the server when saved. */}
                <div dangerouslySetInnerHTML={{ __html: detail.data.content ?? '' }} />
              </Typography>
            </Stack>
          ) : detail.isError ? (
            <Text c="red" size="sm">
              {errorMessage(detail.error, '指南内容加载失败')}
            </Text>
          ) : (
            <Text c="dimmed" size="sm">
              {currentId === null ? '请选择左侧的操作指南' : '加载中…'}
            </Text>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
