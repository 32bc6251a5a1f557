import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import {
  BrowserRouter,
  holdNavigation,
  Link,
  NavigationGuard,
  Route,
  Routes,
  useHeldNavigation,
  useLocation,
  useNavigate,
} from 'react-router-dom';

/** A page with unsaved work, as the editor's: it holds while `held`, and asks in its own dialog. */
function HeldPage() {
  const [held, setHeld] = useState(true);
  const { asking, stay, leave } = useHeldNavigation();
  const navigate = useNavigate();
  useEffect(() => (held ? holdNavigation() : undefined), [held]);
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/form#notes">Notes on this page</Link>
      <button type="button" onClick={() => void navigate('/from-code')}>
        Go from code
      </button>
      <button type="button" onClick={() => setHeld(false)}>
        Saved
      </button>
      {asking && (
        <div role="alertdialog" aria-label="Leave without saving?">
          <button type="button" onClick={stay}>
            Stay
          </button>
          <button type="button" onClick={leave}>
            Leave
          </button>
        </div>
      )}
    </>
  );
}

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

/** The portal's way: the browser's history, the guard inside the router; /start links to the held page. */
async function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  render(
    <BrowserRouter>
      <NavigationGuard />
      <Routes>
        <Route path="/start" element={<Link to="/form">Open the form</Link>} />
        <Route path="/form" element={<HeldPage />} />
        <Route path="*" element={<p>Somewhere else</p>} />
      </Routes>
      <Location />
    </BrowserRouter>,
  );
  await screen.findByTestId('location');
}

const location = () => screen.getByTestId('location').textContent;
const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });

describe('navigation guard', () => {
  beforeEach(() => {
    // Each test starts on an entry of its own, which React Router numbers anew.
    window.history.pushState(null, '', '/');
  });

  it('when a page holds and an in-app link is clicked, then the navigation waits for the answer: stay keeps the page, leave follows the link', async () => {
    await renderAt('/form');
    const user = userEvent.setup();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(question()).toBeInTheDocument();
    expect(location()).toBe('/form');
    expect(window.location.pathname).toBe('/form');

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(question()).not.toBeInTheDocument();
    expect(location()).toBe('/form');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
    expect(window.location.pathname).toBe('/elsewhere');
    expect(question()).not.toBeInTheDocument();
  });

  it('when a page holds and a link only moves within it (the hash), then nothing is asked', async () => {
    await renderAt('/form');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Notes on this page' }));
    await waitFor(() => expect(location()).toBe('/form#notes'));
    expect(question()).not.toBeInTheDocument();
  });

  it('when a page holds and the browser goes back, then the entry is put back and the user asked; leave goes back after all', async () => {
    await renderAt('/start');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Open the form' }));
    await waitFor(() => expect(location()).toBe('/form'));

    act(() => window.history.back());
    await waitFor(() => expect(question()).toBeInTheDocument());
    // The history moved back and was put forward again: the router never left the page.
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    expect(location()).toBe('/form');

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(question()).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/form');

    act(() => window.history.back());
    await waitFor(() => expect(question()).toBeInTheDocument());
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/start'));
    expect(window.location.pathname).toBe('/start');
  });

  it('when a page holds and code navigates, then it is asked first and leave goes on', async () => {
    await renderAt('/form');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go from code' }));
    expect(question()).toBeInTheDocument();
    expect(location()).toBe('/form');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/from-code'));
  });

  it('when the page has released its hold (saved on purpose), then links and code pass without a question', async () => {
    await renderAt('/form');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
    expect(question()).not.toBeInTheDocument();
  });

  it('when a page holds, then closing or reloading the tab asks through beforeunload, and no longer once released', async () => {
    await renderAt('/form');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Saved' }));
    expect(unload()).toBe(false);
  });
});
