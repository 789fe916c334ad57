import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { DataTable, type TableQuery, type TableRow } from '../../components/DataTable';
import { SearchForm, type SearchField } from '../../components/SearchForm';
import { STUDENT_STATES } from '../../contract/resources/students';
import type { PhoneMatch } from '../../contract/students';
import { studentsApi } from './api';
import { useViewColumns } from './columns';
import { StudentDetail } from './StudentDetail';

const FIELDS: SearchField[] = [
  { name: 'keyword', label: '关键字', input: 'text', placeholder: '姓名、手机号或身份证号' },
  { name: 'state', label: '状态', input: 'multiselect', options: { kind: 'static', items: STUDENT_STATES } },
];
const COLUMNS_VIEW = { key: 'all', title: '', code: '', hint: '', search: [], columns: ['name', 'gender', 'age', 'age_group', 'parent_name', 'parent_phone', 'state', 'seller_id', 'teacher_id'] } as const;
const stateText = (v: number) => STUDENT_STATES.find((s) => s.value === v)?.text ?? '';

/** 学员查询: one box over names, phones (parents' too) and ID numbers; and a family lookup by phone (siblings, duplicates). */
export default function SearchListScreen() {
  const base = useViewColumns(COLUMNS_VIEW);
  const columns = useMemo(() => [...base, { prop: 'school_name', label: '校区', minWidth: 120 }], [base]);
  const [query, setQuery] = useState<TableQuery>({});
  const [seq, setSeq] = useState(0);
  const [phone, setPhone] = useState('');
  const [family, setFamily] = useState<PhoneMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const { ref, height } = useElementSize();

  const lookup = async () => {
    setError(null);
    try {
      setFamily(await studentsApi.byPhone(phone.trim()));
    } catch (e) {
      setFamily(null);
      setError(errorMessage(e, '查询失败'));
    }
  };

  return (
    <Stack gap={8}>
      <Box ref={ref}>
        <Group align="flex-end" gap="xs" mb={6}>
          <TextInput label="按手机号查家庭" placeholder="学员或家长手机号" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} w={220} />
          <Button size="sm" variant="light" onClick={() => void lookup()}>
            查找兄弟姐妹/重复学员
          </Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {family && (
          <Stack gap={4} mb={8}>
            <Text size="sm">{family.length ? `找到 ${family.length} 名学员` : '所辖校区内没有使用该手机号的学员'}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
              {family.map((f) => (
                <Card key={f.id} withBorder padding="xs" style={{ cursor: 'pointer' }} onClick={() => setDetail(f.id)}>
                  <Group justify="space-between" gap={4}>
                    <Text fw={600}>{f.name}</Text>
                    <Badge variant="light">{stateText(f.state)}</Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {f.school_name} · {f.matched_by}
                  </Text>
                  <Text size="xs">{f.parents.map((p) => `${p.name} ${p.phone}`).join('；')}</Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        )}
        <SearchForm
          fields={FIELDS}
          onSearch={(q) => {
            setQuery(q);
            setSeq((s) => s + 1);
          }}
        />
      </Box>
      <DataTable<TableRow>
        api="api/v1/student/search"
        method="POST_FORM"
        columns={columns}
        query={query}
        searchSeq={seq}
        actions={[{ key: 'detail', label: '详情', onClick: (r) => setDetail(Number(r.id)) }]}
        tableKey="student_search_list"
        headerHeight={height}
      />
      {detail !== null && <StudentDetail studentId={detail} onClose={() => setDetail(null)} />}
    </Stack>
  );
}
