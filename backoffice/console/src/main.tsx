/**
 * The console's entry: a browser router whose base is /admin (react-admin's own default is a hash router, and the
 * links the back-office sends are real paths: `{CONSOLE_URL}/setup?token=…`), with react-admin under it. Every
 * path in the application (react-admin's and the console's own) is then relative to /admin.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App.tsx';

const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: '/admin' });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
