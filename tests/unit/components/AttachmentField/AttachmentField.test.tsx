import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { AttachmentField, previewKind, uploadRefusal } from '../../../../src/components/AttachmentField';
import { configureRequest } from '../../../../src/api/request';
import { renderWidget } from '../render';

const records: Record<number, { id: number; ext: string; name: string; url: string; size: number; duration: null }> = {
  1: { id: 1, ext: 'png', name: '合同.png', url: '/files/1.png', size: 2048, duration: null },
  2: { id: 2, ext: 'pdf', name: '说明.pdf', url: '/files/2.pdf', size: 4096, duration: null },
  3: { id: 3, ext: 'mp4', name: '课堂.mp4', url: '/files/3.mp4', size: 8192, duration: null },
};
let nextId = 3;
let uploadFails = false;
const uploads: { token: string | null; fileName: string | null }[] = [];
const server = setupServer(
  http.post('http://localhost/api/v1/sys_attachment/upload', async ({ request }) => {
    const form = await request.formData();
    const f = form.get('file');
    // jsdom's XMLHttpRequest does not carry a jsdom File's name or bytes through to msw; the multipart field `file` does arrive
    uploads.push({ token: request.headers.get('token'), fileName: f === null ? null : 'file' });
    if (uploadFails) return HttpResponse.json({ code: 500, msg: '存储失败', data: null });
    return HttpResponse.json({ code: 200, msg: '成功', data: nextId });
  }),
  // a backend without signed addresses (an operator's own): the records' own addresses are used
  http.get('http://localhost/api/v1/sys_attachment/sign', () => HttpResponse.json({ code: 404, msg: '请求地址出错', data: null }, { status: 404 })),
  http.get('http://localhost/api/v1/sys_attachment/get', ({ request }) => {
    const ids = (new URL(request.url).searchParams.get('id') ?? '').split(',').map(Number);
    if (ids.includes(404)) return HttpResponse.json({ code: 404, msg: '附件不存在', data: null });
    const found = ids.map((i) => records[i]).filter(Boolean);
    return HttpResponse.json({ code: 200, msg: '成功', data: found.length === 1 ? found[0] : found });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureRequest({ headers: () => ({ token: 'tok-1' }) });
});
afterEach(() => {
  uploads.length = 0;
  uploadFails = false;
  nextId = 3;
});
afterAll(() => server.close());

function Host({ initial = '', limit, mediaOnly, onIds }: { initial?: string; limit?: number; mediaOnly?: boolean; onIds: (v: string) => void }) {
  const [v, setV] = useState(initial);
  return (
    <AttachmentField
      label="附件"
      value={v}
      limit={limit}
      mediaOnly={mediaOnly}
      onChange={(ids) => {
        setV(ids);
        onIds(ids);
      }}
    />
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('upload rules', { timeout: 30000 }, () => {
  it('refuses by count, size and type', () => {
    expect(uploadRefusal({ size: 1, type: 'image/png' }, 2, 2, false)).toBe('上传失败，文件数量已达上额');
    expect(uploadRefusal({ size: 157286401, type: 'image/png' }, 0, 5, false)).toBe('大小不得超过150M');
    expect(uploadRefusal({ size: 157286400, type: 'image/png' }, 0, 5, false)).toBeUndefined();
    expect(uploadRefusal({ size: 10, type: 'application/pdf' }, 0, 5, true)).toBe('请上传正确的文件格式');
    expect(uploadRefusal({ size: 10, type: 'audio/mpeg' }, 0, 5, true)).toBeUndefined();
    expect(uploadRefusal({ size: 10, type: 'application/pdf' }, 0, 5, false)).toBeUndefined();
  });
  it('previews video and images in dialogs, downloads the rest', () => {
    expect(['mp4', 'FLV', 'f4v', 'jif', 'png', 'jpg', 'jpeg', 'pdf', 'mp3'].map(previewKind)).toEqual([
      'video', 'video', 'video', 'image', 'image', 'image', 'image', 'download', 'download',
    ]);
  });
});

describe('AttachmentField', { timeout: 30000 }, () => {
  it('loads the records of the given ids', async () => {
    renderWidget(<Host initial="1,2" onIds={() => undefined} />);
    expect(await screen.findByText('合同.png')).toBeTruthy();
    expect(screen.getByText('说明.pdf')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
  });

  it('empties the list when the lookup fails', async () => {
    renderWidget(<Host initial="404" onIds={() => undefined} />);
    await waitFor(() => expect(document.querySelectorAll('button').length).toBe(1));
    expect(screen.queryByText('合同.png')).toBeNull();
  });

  it('uploads with the session headers, fetches the record and appends it, giving the parent the ids', async () => {
    const onIds = vi.fn();
    renderWidget(<Host initial="1" onIds={onIds} />);
    await screen.findByText('合同.png');
    pick(new File(['video-bytes'], '课堂.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(await screen.findByText('课堂.mp4')).toBeTruthy();
    expect(onIds).toHaveBeenLastCalledWith('1,3');
    expect(uploads).toEqual([{ token: 'tok-1', fileName: 'file' }]);
  });

  it('says 上传失败 when the server refuses', async () => {
    uploadFails = true;
    const onIds = vi.fn();
    renderWidget(<Host onIds={onIds} />);
    pick(new File(['v'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText('上传失败')).toBeTruthy();
    expect(onIds).not.toHaveBeenCalled();
  });

  it('refuses before uploading over the count limit, over 150M and with a wrong type', async () => {
    renderWidget(<Host initial="1" limit={1} onIds={() => undefined} />);
    await screen.findByText('合同.png');
    pick(new File(['v'], 'b.png', { type: 'image/png' }));
    expect(await screen.findByText('上传失败，文件数量已达上额')).toBeTruthy();
    expect(uploads.length).toBe(0);
  });

  it('refuses a file over 150M and a non-media file when restricted', async () => {
    renderWidget(<Host mediaOnly onIds={() => undefined} />);
    const big = new File(['v'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 157286401 });
    pick(big);
    expect(await screen.findByText('大小不得超过150M')).toBeTruthy();
    pick(new File(['v'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('请上传正确的文件格式')).toBeTruthy();
    expect(uploads.length).toBe(0);
  });

  it('deletes after 确定要删除操作吗？, says 已取消 on cancel, gives the parent an empty string when none is left', async () => {
    const onIds = vi.fn();
    renderWidget(<Host initial="1" onIds={onIds} />);
    await screen.findByText('合同.png');
    fireEvent.click(screen.getByLabelText('删除 合同.png'));
    expect(await screen.findByText('确定要删除操作吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(screen.getByText('合同.png')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('删除 合同.png'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(onIds).toHaveBeenLastCalledWith('');
    await waitFor(() => expect(screen.queryByText('合同.png')).toBeNull());
  });

  it('after a delete, an upload replaces the list with the records of all ids', async () => {
    const onIds = vi.fn();
    renderWidget(<Host initial="1,2" onIds={onIds} />);
    await screen.findByText('说明.pdf');
    fireEvent.click(screen.getByLabelText('删除 说明.pdf'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    pick(new File(['v'], '课堂.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('课堂.mp4')).toBeTruthy();
    expect(onIds).toHaveBeenLastCalledWith('1,3');
  });

  it('previews images and videos in dialogs and opens other files', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWidget(<Host initial="1,2,3" onIds={() => undefined} />);
    fireEvent.click(await screen.findByText('合同.png'));
    expect((await screen.findByAltText('合同.png')).getAttribute('src')).toBe('/files/1.png');
    fireEvent.click(screen.getByText('课堂.mp4'));
    expect((await screen.findByLabelText('视频预览')).getAttribute('src')).toBe('/files/3.mp4');
    fireEvent.click(screen.getByText('说明.pdf'));
    // the address is asked for first (a backend without signed addresses: the record's own)
    await waitFor(() => expect(open).toHaveBeenCalledWith('/files/2.pdf', '_blank'));
    open.mockRestore();
  });

  it('shows and opens files through the signed address the server gives, not the session-bound one', async () => {
    const signed = (id: number) => `api/v1/sys_attachment/download?id=${id}&uid=7&exp=1&sig=abc${id}`;
    server.use(
      http.get('http://localhost/api/v1/sys_attachment/sign', ({ request }) => {
        const id = Number(new URL(request.url).searchParams.get('id'));
        return HttpResponse.json({ code: 200, msg: '成功', data: [{ id, url: signed(id) }] });
      }),
    );
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWidget(<Host initial="1,2,3" onIds={() => undefined} />);
    fireEvent.click(await screen.findByText('合同.png'));
    await waitFor(async () => expect((await screen.findByAltText('合同.png')).getAttribute('src')).toMatch(/sys_attachment\/download\?id=1&uid=7&exp=1&sig=abc1$/));
    fireEvent.click(screen.getByText('说明.pdf'));
    await waitFor(() => expect(open).toHaveBeenCalledWith(expect.stringMatching(/sys_attachment\/download\?id=2&uid=7&exp=1&sig=abc2$/), '_blank'));
    open.mockRestore();
  });
});
