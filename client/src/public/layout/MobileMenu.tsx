import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import type { MobileMenuProps } from './MobileDrawer.tsx';

const loadDrawer = () => import('./MobileDrawer.tsx');
const MobileDrawer = lazy(loadDrawer);

/**
 * The menu button shown below 768 px. The drawer's code is fetched when the button is first
 * approached (and rendered when first opened), so desktop visitors never download it.
 */
export function MobileMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDrawer();
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls="mobile-drawer"
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Icon name="menu" size={24} />
        <span className="visually-hidden">Open menu</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileDrawer {...props} open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
