import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

function focusItem(root: HTMLElement | null, index: number) {
  const items = root?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]');
  if (!items?.length) return;
  items[(index + items.length) % items.length]?.focus();
}

/**
 * A menu button (WAI-ARIA pattern) with Bootstrap's dropdown look: opens by click, Enter, Space or
 * Arrow Down; arrows move between items; Escape and a click outside close it and return focus.
 * Written here rather than taking react-bootstrap's Dropdown, whose Popper and @restart/ui weigh
 * more than the whole first-route budget allows for one menu.
 */
export function MenuButton(props: {
  label: ReactNode;
  ariaLabel: string;
  items: { key: string; label: ReactNode; active?: boolean; lang?: string; onSelect: () => void }[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const activeIndex = Math.max(
    0,
    props.items.findIndex((i) => i.active),
  );
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    focusItem(root.current, activeIndex);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, activeIndex]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className={`dropdown ${props.className ?? ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-link nav-link dropdown-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
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
      <div
        id={menuId}
        role="menu"
        tabIndex={-1}
        className={`dropdown-menu dropdown-menu-end ${open ? 'show' : ''}`}
        onKeyDown={(e) => {
          const items = Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
          const index = items.indexOf(document.activeElement as HTMLElement);
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          } else if (e.key === 'ArrowDown') {
            e.preventDefault();
            focusItem(root.current, index + 1);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            focusItem(root.current, index - 1);
          } else if (e.key === 'Home') {
            e.preventDefault();
            focusItem(root.current, 0);
          } else if (e.key === 'End') {
            e.preventDefault();
            focusItem(root.current, -1);
          } else if (e.key === 'Tab') {
            setOpen(false);
          }
        }}
      >
        {props.items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="menuitem"
            lang={item.lang}
            tabIndex={-1}
            className={`dropdown-item ${item.active ? 'active' : ''}`}
            aria-current={item.active ? 'true' : undefined}
            onClick={() => {
              item.onSelect();
              close();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    </div>
  );
}
