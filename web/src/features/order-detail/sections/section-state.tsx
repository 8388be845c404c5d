/**
 * The order detail's sections (docs/decisions/0027): which are collapsed (remembered in
 * localStorage per member and section, the same on every order), which are on the page (the section index lists
 * only those), and the jump to one (expands it, scrolls it below the sticky bar, focuses it).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../../../lib/auth-context';

export const collapsedKey = (memberId: number | string) => `order-detail:collapsed:${memberId}`;

function readCollapsed(key: string): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : []);
  } catch {
    return new Set();
  }
}

interface SectionState {
  isCollapsed(id: string): boolean;
  setCollapsed(id: string, collapsed: boolean): void;
  register(id: string): () => void;
  jumpTo(id: string): void;
}

const SectionContext = createContext<SectionState | null>(null);
/**
 * Which sections are on the page, apart from the rest: each section registers itself after the page's first commit,
 * and only the index reads the set, so those registrations redraw the index alone, not every section of the page.
 */
const PresentContext = createContext<ReadonlySet<string>>(new Set());

/** Top of the area a section may be scrolled to: below the admin top bar and the order's sticky bar. */
export function coveredHeight(): number {
  const topbar = document.querySelector('.admin-topbar')?.getBoundingClientRect().height ?? 0;
  const sticky = (document.querySelector('.od-sticky') as HTMLElement | null)?.offsetHeight ?? 0;
  return topbar + sticky + 8;
}

export function SectionProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const key = collapsedKey(user?.id ?? 'anonymous');
  const [collapsed, setCollapsedSet] = useState(() => readCollapsed(key));
  const [present, setPresent] = useState<ReadonlySet<string>>(new Set());

  const setCollapsed = useCallback(
    (id: string, value: boolean) => {
      setCollapsedSet((current) => {
        const next = new Set(current);
        if (value) next.add(id);
        else next.delete(id);
        try {
          localStorage.setItem(key, JSON.stringify([...next]));
        } catch {
          /* storage unavailable: this page only */
        }
        return next;
      });
    },
    [key],
  );

  const register = useCallback((id: string) => {
    setPresent((current) => new Set(current).add(id));
    return () =>
      setPresent((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
  }, []);

  const jumpTo = useCallback(
    (id: string) => {
      setCollapsed(id, false);
      // After the expanded section has rendered: scroll it just below the sticky bar and move the focus there.
      requestAnimationFrame(() => {
        const section = document.getElementById(id);
        if (!section) return;
        window.scrollTo({ top: window.scrollY + section.getBoundingClientRect().top - coveredHeight() });
        section.focus({ preventScroll: true });
      });
    },
    [setCollapsed],
  );

  const value = useMemo<SectionState>(
    () => ({
      isCollapsed: (id) => collapsed.has(id),
      setCollapsed,
      register,
      jumpTo,
    }),
    [collapsed, setCollapsed, register, jumpTo],
  );
  return (
    <SectionContext.Provider value={value}>
      <PresentContext.Provider value={present}>{children}</PresentContext.Provider>
    </SectionContext.Provider>
  );
}

export function useSections(): SectionState | null {
  return useContext(SectionContext);
}

/** The ids of the sections on the page (for the index). */
export function usePresentSections(): ReadonlySet<string> {
  return useContext(PresentContext);
}

/** Marks a section as on the page while it is mounted. */
export function useRegisterSection(id: string) {
  const sections = useSections();
  const register = sections?.register;
  useEffect(() => register?.(id), [register, id]);
}
