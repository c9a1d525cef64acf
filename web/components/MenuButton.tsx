import { lazy, type ReactNode, Suspense, useCallback, useId, useRef, useState } from 'react';
import { lazyImport } from '../state/chunk-reload';
import type { MenuItem } from './MenuList';

const MenuList = lazy(lazyImport(() => import('./MenuList')));

/**
 * A menu button (WAI-ARIA pattern) with Bootstrap's dropdown look: opens by click, Enter, Space or
 * Arrow Down; arrows move between items; Escape and a click outside close it and return focus.
 * Written here rather than taking react-bootstrap's Dropdown, whose Popper and @restart/ui weigh
 * more than the whole first-route budget allows for one menu. The open menu (MenuList) loads when
 * it is first opened: the page's first paint needs only the button.
 */
export function MenuButton(props: {
  label: ReactNode;
  ariaLabel: string;
  items: MenuItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  return (
    <div className={`dropdown ${props.className ?? ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-link nav-link dropdown-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={props.ariaLabel}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {props.label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MenuList id={menuId} root={root} items={props.items} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
