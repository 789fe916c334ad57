import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { SearchForm, searchFieldsOf, toQuery, initialValues, type SearchField } from '../../../../src/components/SearchForm';
import { defineResource } from '../../../../src/contract/resource';
import { exclusiveConflict } from '../../../../src/contract/search';
import '../../../../src/lib/format'; // dayjs's utc plugin, as the app has it
import { renderWidget } from '../render';

const server = setupServer(
  http.get('http://localhost/api/v1/system/get_optionset_by_code', ({ request }) => {
    const code = new URL(request.url).searchParams.get('code');
    if (code !== 'menu_type') return HttpResponse.json({ code: 404, msg: '选项集不存在', data: null });
    return HttpResponse.json({ code: 200, msg: '成功', data: { id: 1, code, name: '菜单类型', value: JSON.stringify([{ value: 0, text: '目录' }, { value: 1, text: '菜单' }]) } });
  }),
  http.get('http://localhost/api/v1/sys_user/get_user_school', () =>
    HttpResponse.json({ code: 200, msg: '成功', data: { all: false, schools: [{ id: 11, name: '北京朝阳校区', code: 'BJCY', city_id: 1, city_name: '北京' }] } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const demo = defineResource({
  name: 'demo',
  title: '示例',
  table: 'demo',
  scope: 'school',
  perm: 'demo',
  fields: {
    name: { type: 'string', label: '名称', search: 'like' },
    kind: { type: 'int', label: '类型', search: 'eq', options: { kind: 'optionset', code: 'menu_type' } },
    tags: { type: 'ids', label: '标签', search: 'in', options: { kind: 'static', items: [{ value: 1, text: 'A' }] } },
    enabled: { type: 'bool', label: '启用', search: 'eq' },
    start_date: { type: 'date', label: '开始日期', search: 'range' },
    paid_at: { type: 'datetime', label: '支付时间', search: 'range' },
    remark: { type: 'text', label: '备注' },
  },
});

describe('search fields from a declaration', { timeout: 30000 }, () => {
  it('takes the fields with search, with inputs by mode and type', () => {
    expect(searchFieldsOf(demo).map((f) => [f.name, f.input])).toEqual([
      ['name', 'text'],
      ['kind', 'select'],
      ['tags', 'multiselect'],
      ['enabled', 'select'],
      ['start_date', 'daterange'],
      ['paid_at', 'datetimerange'],
    ]);
  });

  it('builds the query: empty left out, ranges as _start/_end, whole days for datetime ranges', () => {
    const fields = searchFieldsOf(demo);
    const q = toQuery(fields, { ...initialValues(fields), name: ' 张 ', start_date: ['2024-01-01', ''], paid_at: ['2024-02-01', '2024-02-03'] });
    expect(q).toEqual({ name: '张', start_date_start: '2024-01-01', paid_at_start: '2024-02-01 00:00:00', paid_at_end: '2024-02-03 23:59:59' });
  });

  it('applies date presets and now as defaults', () => {
    const fields: SearchField[] = [
      { name: 'a', label: 'A', input: 'daterange', defaultValue: 'currentMonth' },
      { name: 'b', label: 'B', input: 'datetime', defaultValue: 'now' },
    ];
    const v = initialValues(fields, '2024-05-20T08:00:00+08:00');
    expect(v).toEqual({ a: ['2024-05-01', '2024-05-31'], b: '2024-05-20 08:00:00' });
  });

  it('takes the declared date defaults (searchDefault), in Asia/Shanghai whatever the device’s zone', () => {
    const dated = defineResource({
      name: 'dated',
      title: '示例',
      table: 'dated',
      scope: 'global',
      perm: 'dated',
      fields: {
        paid_at: { type: 'datetime', label: '支付时间', search: 'range', searchDefault: 'latestTwoMonths' },
        lesson_date: { type: 'date', label: '上课日期', search: 'range', searchDefault: 'currentMonth' },
        day: { type: 'date', label: '日期', search: 'eq', searchDefault: 'yesterday' },
        at: { type: 'datetime', label: '时间', search: 'eq', searchDefault: 'now' },
        name: { type: 'string', label: '名称', search: 'like' },
      },
    });
    const fields = searchFieldsOf(dated);
    // 2024-03-31 16:30 UTC is already 1 April, 00:30 in Shanghai
    expect(toQuery(fields, initialValues(fields, '2024-03-31T16:30:00Z'))).toEqual({
      paid_at_start: '2024-03-01 00:00:00',
      paid_at_end: '2024-04-01 23:59:59',
      lesson_date_start: '2024-04-01',
      lesson_date_end: '2024-04-30',
      day: '2024-03-31',
      at: '2024-04-01 00:30:00',
    });
    // one second before midnight on the last day of February (leap year)
    expect(toQuery(fields, initialValues(fields, '2024-02-29T15:59:59Z'))).toEqual({
      paid_at_start: '2024-01-01 00:00:00',
      paid_at_end: '2024-02-29 23:59:59',
      lesson_date_start: '2024-02-01',
      lesson_date_end: '2024-02-29',
      day: '2024-02-28',
      at: '2024-02-29 23:59:59',
    });
  });
});

describe('SearchForm', { timeout: 30000 }, () => {
  it('on a phone folds a long form to its first two fields and any in use, with 更多条件 to unfold it', async () => {
    const real = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...real(query), matches: query.includes('max-width: 575.98px') })) as typeof window.matchMedia;
    try {
      const onSearch = vi.fn();
      const fields: SearchField[] = ['甲', '乙', '丙', '丁', '戊'].map((label, i) => ({ name: `f${i}`, label, input: 'text' as const }));
      renderWidget(<SearchForm fields={fields} onSearch={onSearch} />);
      await waitFor(() => expect(screen.queryByLabelText('丙')).toBeNull());
      expect(screen.getByLabelText('甲')).toBeTruthy();
      expect(screen.getByLabelText('乙')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /更多条件（3）/ }));
      fireEvent.change(screen.getByLabelText('丁'), { target: { value: '在用' } });
      fireEvent.click(screen.getByRole('button', { name: /收起条件/ }));
      // a field holding a value stays in sight when folded, and the search still sends every field
      expect(screen.getByLabelText('丁')).toBeTruthy();
      expect(screen.queryByLabelText('丙')).toBeNull();
      expect(screen.getByRole('button', { name: /更多条件（2）/ })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '搜索' }));
      expect(onSearch).toHaveBeenLastCalledWith({ f3: '在用' });
    } finally {
      window.matchMedia = real;
    }
  });

  it('on a wider screen shows every field and no fold', () => {
    const fields: SearchField[] = ['甲', '乙', '丙', '丁', '戊'].map((label, i) => ({ name: `w${i}`, label, input: 'text' as const }));
    renderWidget(<SearchForm fields={fields} onSearch={vi.fn()} />);
    for (const label of ['甲', '乙', '丙', '丁', '戊']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /更多条件/ })).toBeNull();
  });

  it('searches on Enter and on 搜索, resets to defaults and searches again', async () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    const fields: SearchField[] = [
      { name: 'name', label: '名称', input: 'text' },
      { name: 'created', label: '创建日期', input: 'daterange', defaultValue: 'today' },
    ];
    renderWidget(<SearchForm fields={fields} onSearch={onSearch} onReset={onReset} />);
    // today of the campuses (Asia/Shanghai), which is not the test machine's around its midnight
    const today = dayjs().utcOffset(8 * 60).format('YYYY-MM-DD');
    const input = screen.getByLabelText('名称');
    fireEvent.change(input, { target: { value: '教务' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(onSearch).toHaveBeenLastCalledWith({ name: '教务', created_start: today, created_end: today });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearch).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(onReset).toHaveBeenCalled();
    expect(onSearch).toHaveBeenLastCalledWith({ created_start: today, created_end: today });
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('');
  });

  it('blocks halt_order_time together with terminate_order_time', async () => {
    const onSearch = vi.fn();
    const fields: SearchField[] = [
      { name: 'halt_order_time', label: '订单中止时间', input: 'daterange', defaultValue: ['2024-01-01', '2024-01-02'] },
      { name: 'terminate_order_time', label: '订单完成时间', input: 'daterange', defaultValue: ['2024-01-01', '2024-01-02'] },
    ];
    renderWidget(<SearchForm fields={fields} onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('订单中止时间和订单完成时间不能联查')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('blocks the filters a declaration names exclusive, with the server’s message', async () => {
    const onSearch = vi.fn();
    const orders = defineResource({
      name: 'orders_probe',
      title: '订单',
      table: 'orders_probe',
      scope: 'global',
      perm: 'orders_probe',
      exclusive: [['stop_time', 'finish_time']],
      fields: {
        stop_time: { type: 'date', label: '订单中止时间', search: 'range' },
        finish_time: { type: 'date', label: '订单完成时间', search: 'range' },
      },
    });
    const fields = searchFieldsOf(orders).map((f) => ({ ...f, defaultValue: ['2024-01-01', ''] as [string, string] }));
    renderWidget(<SearchForm fields={fields} onSearch={onSearch} blockReason={(q) => exclusiveConflict(orders, q)} />);
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('订单中止时间和订单完成时间不能联查')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('feeds selects from an option set and from the user schools', async () => {
    const onSearch = vi.fn();
    const fields: SearchField[] = [
      { name: 'type', label: '类型', input: 'select', options: { kind: 'optionset', code: 'menu_type' } },
      { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
    ];
    renderWidget(<SearchForm fields={fields} onSearch={onSearch} />);
    const typeInput = screen.getAllByLabelText('类型').find((e) => e.tagName === 'INPUT') as HTMLElement;
    await waitFor(() => expect(typeInput.getAttribute('placeholder')).toBe('请选择'));
    fireEvent.click(typeInput);
    fireEvent.click(await screen.findByRole('option', { name: '菜单' }));
    const schoolInput = screen.getAllByLabelText('校区').find((e) => e.tagName === 'INPUT') as HTMLElement;
    fireEvent.click(schoolInput);
    fireEvent.click(await screen.findByRole('option', { name: '北京朝阳校区' }));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearch).toHaveBeenLastCalledWith({ type: '1', school_id: '11' });
  });
});
