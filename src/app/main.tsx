import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './Providers';
import { router } from './router';
import { installRequestHooks } from './requestSetup';

installRequestHooks(router);

const root = document.getElementById('root');
if (!root) throw new Error('缺少 #root 元素');
createRoot(root).render(
  <Providers>
    <RouterProvider router={router} />
  </Providers>,
);
