import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type Tab = { key: string; label: ReactNode; render: () => ReactNode };

/**
 * Tabs of the WAI-ARIA pattern: one tab stop, arrow keys (and Home, End) move between the tabs and
 * show them, the panel follows. The shown tab is the caller's (the members screen keeps it in the
 * address, so a reload or a link opens the same one).
 */
export function Tabs(props: { label: string; tabs: Tab[]; active: string; onChange: (key: string) => void }) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const current = props.tabs.find((t) => t.key === props.active) ?? props.tabs[0];
  const move = (e: KeyboardEvent) => {
    const i = props.tabs.findIndex((t) => t.key === current?.key);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % props.tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + props.tabs.length) % props.tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? props.tabs.length - 1
              : -1;
    const tab = props.tabs[next];
    if (!tab) return;
    e.preventDefault();
    props.onChange(tab.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-tab-${tab.key}`)}`)?.focus();
  };
  return (
    <div className="admin-members-tabs">
      <div
        className="admin-members-tabs__list"
        role="tablist"
        aria-label={props.label}
        ref={list}
        onKeyDown={move}
      >
        {props.tabs.map((tab) => {
          const selected = tab.key === current?.key;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              className={`admin-members-tabs__tab ${selected ? 'active' : ''}`}
              onClick={() => props.onChange(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          className="admin-members-tabs__panel"
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${current.key}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the pattern's panel is reachable by Tab when it holds no control first
          tabIndex={0}
        >
          {current.render()}
        </div>
      )}
    </div>
  );
}
