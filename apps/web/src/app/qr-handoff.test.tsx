import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { useQrHandoff } from './qr-handoff';

function Root() {
  useQrHandoff();
  return <Outlet />;
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function open(path: string) {
  const router = createMemoryRouter([{ element: <Root />, children: [{ path: '*', element: <Where /> }] }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('useQrHandoff (SPEC §4 guard + QR entry)', () => {
  it('sends a signed-out visitor who scanned a QR code to the public station page', async () => {
    sessionStorage.setItem('fromClient', '/c/MSK0042-2');
    open('/?locale=en');
    expect((await screen.findByTestId('where')).textContent).toBe('/detailStation?qr=MSK0042-2');
    expect(sessionStorage.getItem('fromClient')).toBeNull();
  });

  it.each([
    ['another remembered page', '/profile', '/?locale=en', null],
    ['a page other than the map', '/c/MSK0042-2', '/gides', null],
  ])('leaves %s alone', async (_name, from, at) => {
    sessionStorage.setItem('fromClient', from);
    open(at);
    expect((await screen.findByTestId('where')).textContent).toBe(at);
    expect(sessionStorage.getItem('fromClient')).toBe(from);
  });

  it('leaves a signed-in driver to the login flow', async () => {
    startSession(buildClient());
    sessionStorage.setItem('fromClient', '/c/MSK0042-2');
    open('/');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });
});
