import { callApi } from '../../../api/call';
import { studentCardsCall } from '../../../contract/device';
import { qrSvg } from '../../../lib/qr';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Opens the class's check-in cards for printing: per student the name, the class, and the QR code a
 * parent shows at the front-desk tablet (家长签到 › 扫描学员卡), with its text below for typing.
 */
export async function printStudentCards(classId: number, className: string): Promise<void> {
  const cards = await callApi(studentCardsCall, { query: { class_id: classId } });
  const win = window.open('', '_blank');
  if (!win) throw new Error('浏览器阻止了打印窗口，请允许弹出窗口后重试');
  const items = cards
    .map(
      (c) => `<div class="card"><div class="name">${escapeHtml(c.name)}</div><div class="class">${escapeHtml(className)}</div>${qrSvg(c.token, 150)}<div class="code">${escapeHtml(c.token)}</div></div>`,
    )
    .join('');
  win.document.write(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>签到卡 ${escapeHtml(className)}</title><style>` +
      'body{font-family:sans-serif;margin:12px}.cards{display:flex;flex-wrap:wrap;gap:12px}' +
      '.card{width:54mm;border:1px dashed #999;border-radius:6px;padding:8px;text-align:center;break-inside:avoid}' +
      '.name{font-size:18px;font-weight:700}.class{font-size:12px;color:#555;margin-bottom:4px}.code{font:10px monospace;word-break:break-all}' +
      `</style></head><body><div class="cards">${items || '本班没有在读学员'}</div></body></html>`,
  );
  win.document.close();
  win.focus();
  win.print();
}
