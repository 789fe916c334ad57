import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataTable } from '../../../../src/components/DataTable';
import { allowAll, renderWidget } from '../render';

// Issue 18, defect 7: switching list screens quickly toasted `signal is aborted without reason`.
type Row = { id: number; name: string };
const asked: string[] = [];
const server = setupServer(
  http.get('http://localhost/api/v1/test/page', async ({ request }) => {
    const name = new URL(request.url).searchParams.get('name') ?? '';
    asked.push(name);
    if (name === 'slow') await delay(400);
    return HttpResponse.json({ code: 200, msg: '成功', data: { content: [{ id: 1, name: `结果${name}` }], totalSize: 1 } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function table(name: string) {
  return <DataTable<Row> api="api/v1/test/page" query={{ name }} columns={[{ prop: 'name', label: '名称' }]} hasPermission={allowAll} />;
}

describe('a list page the app cancels', { timeout: 30000 }, () => {
  it('is not an error: no toast when a newer search or leaving the screen drops it', async () => {
    const { rerender } = renderWidget(table('slow'));
    await waitFor(() => expect(asked).toContain('slow'));
    rerender(table('fast'));
    expect(await screen.findByText('结果fast')).toBeTruthy();
    rerender(table('slow'));
    await waitFor(() => expect(asked.filter((n) => n === 'slow')).toHaveLength(2));
    rerender(<div>另一个页面</div>);
    await new Promise((r) => setTimeout(r, 600));
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(0);
    expect(document.body.textContent ?? '').not.toMatch(/abort/i);
  });
});
