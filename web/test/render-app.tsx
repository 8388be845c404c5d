/**
 * Opens the staff app at an address, signed in as a member of a role, in jsdom: the app's own providers, routes and
 * toasts, with a memory history instead of the browser's. What a test sees is what a member would (the text on the
 * screen); what it does goes through Testing Library's user events.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App } from '../src/app/App';
import { createStaffApp } from '../src/app/staff-app';
import type { Role } from '../../shared/roles';

export interface Member {
  id: number;
  name: string;
  type: Role;
}

export const MEMBERS: Record<Role, Member> = {
  Admin: { id: 1, name: 'Ada Admin', type: 'Admin' },
  Manager: { id: 2, name: 'Max Manager', type: 'Manager' },
  Team: { id: 3, name: 'Tia Team', type: 'Team' },
  Telecaller: { id: 4, name: 'Tom Telecaller', type: 'Telecaller' },
  'Night Staff': { id: 5, name: 'Nia Night', type: 'Night Staff' },
};

/** A token as the server signs it, as far as the web app reads one (it decodes, it never verifies). */
export function tokenFor(member: Member, expiresInSeconds = 8 * 3600): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ user: member, iat: now, exp: now + expiresInSeconds })}.signature`;
}

export function signInAs(member: Member | Role = 'Admin', expiresInSeconds?: number): Member {
  const who = typeof member === 'string' ? MEMBERS[member] : member;
  localStorage.setItem('user', JSON.stringify({ accessToken: tokenFor(who, expiresInSeconds) }));
  return who;
}

export interface RenderedApp {
  user: ReturnType<typeof userEvent.setup>;
  /** The address the app shows now (path and query). */
  location(): string;
  /** The browser's Back: the entry before in the app's history. */
  back(): Promise<void>;
}

/**
 * The staff app at `url`, signed in as `as` (null: signed out). `user` types and clicks as a person does (with
 * `advanceTimers` when a test runs fake timers).
 */
export async function renderStaffApp(
  url: string,
  { as = 'Admin', user: userOptions }: { as?: Member | Role | null; user?: Parameters<typeof userEvent.setup>[0] } = {},
): Promise<RenderedApp> {
  if (as) signInAs(as);
  const app = createStaffApp((routes) => {
    const memory = createMemoryRouter(routes, { initialEntries: [url] });
    // The window's address follows the app's, as with the browser's history: screens read it in their handlers.
    const mirror = ({ location }: typeof memory.state) =>
      window.history.replaceState(null, '', `${location.pathname}${location.search}${location.hash}`);
    mirror(memory.state);
    memory.subscribe(mirror);
    return memory;
  });
  // Awaited: the first screen's code and data load as the app starts.
  await act(async () => {
    render(<App {...app} />);
  });
  return {
    user: userEvent.setup(userOptions),
    location: () => {
      const { pathname, search } = app.router.state.location;
      return `${pathname}${search}`;
    },
    back: async () => {
      await act(async () => {
        await app.router.navigate(-1);
      });
    },
  };
}

export { screen };
