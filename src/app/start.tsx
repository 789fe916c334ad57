import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './Providers';
import { router } from './router';
import { installRequestHooks } from './requestSetup';
import { RootUpdatePrompt } from './offline/RootUpdatePrompt';

/** The app: the router with its pages and the signed-in layout, drawn into `el`. */
export function startApp(el: HTMLElement): void {
  installRequestHooks(router);
  createRoot(el).render(
    <Providers>
      <RouterProvider router={router} />
      <RootUpdatePrompt />
    </Providers>,
  );
}
