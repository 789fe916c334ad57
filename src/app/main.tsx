import './entryStyles';
// The browser's install offer fires early, often on the sign-in page: keep it for the user menu.
import '../offline/installPrompt';
import { start } from './quickStart';

const root = document.getElementById('root');
if (!root) throw new Error('缺少 #root 元素');
void start(root);
