import './entryStyles';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './Providers';
import { router } from './router';
import { installRequestHooks } from './requestSetup';
import { RootUpdatePrompt } from './offline/RootUpdatePrompt';
// The browser's install offer fires early, often on the sign-in page: keep it for the user menu.
import '../offline/installPrompt';

installRequestHooks(router);

const root = document.getElementById('root');
if (!root) throw new Error('缺少 #root 元素');
createRoot(root).render(
  <Providers>
    <RouterProvider router={router} />
    <RootUpdatePrompt />
  </Providers>,
);
