import { type ReactNode, type RefObject, useEffect } from 'react';

export type MenuItem = {
  key: string;
  label: ReactNode;
  active?: boolean;
  lang?: string;
  onSelect: () => void;
};

function focusItem(root: HTMLElement | null, index: number) {
  const items = root?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]');
  if (!items?.length) return;
  items[(index + items.length) % items.length]?.focus();
}

/**
 * The open menu of a MenuButton: its items, the keys that move between them (arrows, Home, End),
 * Escape and a click outside closing it. Loaded the first time a menu opens: no page needs it for
 * its first paint.
 */
export default function MenuList(props: {
  id: string;
  root: RefObject<HTMLDivElement | null>;
  items: MenuItem[];
  /** Closes the menu; with `refocus`, focus goes back to the menu's button. */
  onClose: (refocus: boolean) => void;
}) {
  const { root, onClose } = props;
  const activeIndex = Math.max(
    0,
    props.items.findIndex((i) => i.active),
  );
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointer);
    focusItem(root.current, activeIndex);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [root, onClose, activeIndex]);

  return (
    <div
      id={props.id}
      role="menu"
      tabIndex={-1}
      className="dropdown-menu dropdown-menu-end show"
      onKeyDown={(e) => {
        const items = Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
        const index = items.indexOf(document.activeElement as HTMLElement);
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose(true);
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
          onClose(false);
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
            onClose(true);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
