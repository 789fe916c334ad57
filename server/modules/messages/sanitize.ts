// The sanitiser moved to server/lib so other modules (operation guides) share it.
export { sanitizeNoticeHtml, plainTextOf } from '../../lib/html-sanitize';
