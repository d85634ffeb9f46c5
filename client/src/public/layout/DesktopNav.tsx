import { Link } from '@tanstack/react-router';
import { type FocusEvent, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import type { NavigationItem } from '#shared/content/types.ts';
import { Icon } from '../../ui/Icon.tsx';
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS, opensImmediately } from './menu-timing.ts';

function now(): number {
  return performance.now();
}

export interface MenuGroup {
  id: string;
  label: string;
  items: readonly NavigationItem[];
}

/**
 * The desktop dropdowns. Hover opens after a delay (so passing over the bar does not flash menus),
 * a menu re-opens at once just after another closed, and leaving closes after a short grace period.
 * Keyboard: each trigger is a button (Enter/Space toggle, ArrowDown opens and focuses the first
 * link), arrows move inside the menu, Escape closes and returns focus, tabbing away closes.
 */
export function DesktopMenus({ groups }: { groups: readonly MenuGroup[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);
  const lastClosedAt = useRef<number | null>(null);
  const openIdRef = useRef<string | null>(null);
  const triggers = useRef(new Map<string, HTMLButtonElement>());
  const panels = useRef(new Map<string, HTMLDivElement>());

  const setOpen = (id: string | null) => {
    if (openIdRef.current !== null && id === null) lastClosedAt.current = now();
    openIdRef.current = id;
    setOpenId(id);
  };
  const clearTimers = () => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);

  const onPointerEnter = (id: string) => (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimers();
    if (openIdRef.current === id) return;
    const anotherOpen = openIdRef.current !== null;
    if (opensImmediately(now(), lastClosedAt.current, anotherOpen)) setOpen(id);
    else openTimer.current = window.setTimeout(() => setOpen(id), MENU_OPEN_DELAY_MS);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimers();
    if (openIdRef.current !== null)
      closeTimer.current = window.setTimeout(() => setOpen(null), MENU_CLOSE_DELAY_MS);
  };

  const focusItem = (id: string, index: number) => {
    const links = panels.current.get(id)?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links?.length) return;
    links[(index + links.length) % links.length]?.focus();
  };

  const onTriggerKeyDown = (id: string) => (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      clearTimers();
      setOpen(id);
      // The panel is shown on the next render.
      requestAnimationFrame(() => focusItem(id, 0));
    }
  };

  const onGroupKeyDown = (id: string) => (event: KeyboardEvent) => {
    if (event.key === 'Escape' && openIdRef.current === id) {
      event.preventDefault();
      clearTimers();
      setOpen(null);
      triggers.current.get(id)?.focus();
      return;
    }
    const panel = panels.current.get(id);
    if (!panel || !panel.contains(document.activeElement)) return;
    const links = [...panel.querySelectorAll<HTMLAnchorElement>('a')];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(id, target);
    }
  };

  const onGroupBlur = (id: string) => (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget as Node | null;
    if (openIdRef.current === id && (!next || !event.currentTarget.contains(next))) setOpen(null);
  };

  return (
    <>
      {groups.map((group) => {
        const open = openId === group.id;
        const panelId = `menu-${group.id}`;
        return (
          <li
            key={group.id}
            className="nav-group"
            onPointerEnter={onPointerEnter(group.id)}
            onPointerLeave={onPointerLeave}
            onKeyDown={onGroupKeyDown(group.id)}
            onBlur={onGroupBlur(group.id)}
          >
            <button
              type="button"
              className="nav-link nav-trigger"
              aria-expanded={open}
              aria-controls={panelId}
              ref={(el) => {
                if (el) triggers.current.set(group.id, el);
              }}
              onClick={() => {
                clearTimers();
                setOpen(open ? null : group.id);
              }}
              onKeyDown={onTriggerKeyDown(group.id)}
            >
              {group.label}
              <Icon name="chevron-down" size={16} className="nav-chevron" />
            </button>
            <div
              id={panelId}
              className="nav-panel"
              hidden={!open}
              ref={(el) => {
                if (el) panels.current.set(group.id, el);
              }}
            >
              <ul className="nav-panel-list">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="nav-panel-link" onClick={() => setOpen(null)}>
                      <span className="nav-panel-label">
                        {item.label}
                        {item.featured && <span className="tag">Popular</span>}
                      </span>
                      <span className="nav-panel-description">{item.description}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </>
  );
}
