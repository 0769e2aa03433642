// A menu button (WAI-ARIA menu button pattern) for the app shell: the button opens a menu of
// `role="menuitem"` links or buttons; Enter, Space, click or ArrowDown open it on the first item,
// ArrowUp on the last; arrows, Home/End and type-ahead move between items; Escape or Tab close it
// and give the focus back to the button; choosing an item or pressing outside closes it.
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { menuMove } from "./menuKeys";

interface MenuButtonProps {
  /** the accessible name of the button and of its menu */
  readonly label: string;
  readonly testId: string;
  readonly buttonClassName?: string;
  /** what the button shows */
  readonly children: ReactNode;
  /** shown above the items (not an item) */
  readonly header?: ReactNode;
  /** the items: elements with role="menuitem" and tabIndex={-1} */
  readonly items: ReactNode;
  /** which edge of the button the menu lines up with */
  readonly align?: "start" | "end";
}

const EDGE = 8;

const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

export function MenuButton({
  label,
  testId,
  buttonClassName = "",
  children,
  header,
  items,
  align = "start",
}: MenuButtonProps) {
  const [open, setOpen] = useState<"first" | "last" | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pop = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // keep the menu inside the viewport (a long translation, a narrow screen)
  useLayoutEffect(() => {
    const el = pop.current;
    if (!open || !el) return;
    el.style.transform = "";
    const r = el.getBoundingClientRect();
    const shift = r.right > window.innerWidth - EDGE ? window.innerWidth - EDGE - r.right : 0;
    const dx = r.left + shift < EDGE ? EDGE - r.left : shift;
    if (dx) el.style.transform = `translateX(${dx}px)`;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const list = itemsOf(menu.current);
    (open === "last" ? list.at(-1) : list[0])?.focus();
    const away = (e: PointerEvent) => {
      const t = e.target;
      if (t instanceof Node && (pop.current?.contains(t) || button.current?.contains(t))) return;
      setOpen(null);
    };
    window.addEventListener("pointerdown", away);
    return () => window.removeEventListener("pointerdown", away);
  }, [open]);

  function onMenuKey(e: KeyboardEvent) {
    const list = itemsOf(menu.current);
    const move = menuMove(
      e.key,
      list.indexOf(document.activeElement as HTMLElement),
      list.map((el) => el.textContent ?? ""),
    );
    if (move === null || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    if (move === "close") {
      setOpen(null);
      button.current?.focus();
    } else list[move]?.focus();
  }

  function onButtonKey(e: KeyboardEvent) {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    setOpen(e.key === "ArrowUp" ? "last" : "first");
  }

  return (
    <div className="menu-button">
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        data-testid={testId}
        onClick={() => setOpen((o) => (o ? null : "first"))}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: choosing an item (click, Enter) closes the menu
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the menu's own (onKeyDown below)
        <div
          ref={pop}
          className={`menu-pop menu-pop-${align}`}
          data-testid={`${testId}-pop`}
          onClick={(e) => {
            if ((e.target as Element).closest('[role="menuitem"]')) setOpen(null);
          }}
        >
          {header}
          <div ref={menu} id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKey}>
            {items}
          </div>
        </div>
      )}
    </div>
  );
}
