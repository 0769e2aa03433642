// The right-click menu of spec §2 (plus the rotate submenu): select all, copy, paste, lock/unlock,
// rotate, align and order submenus, label settings, delete; every entry is an action of the registry.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ALIGN_ACTIONS, action } from "../actions/registry";
import { type ActionContext, kbdLabel } from "../actions/types";
import { useActionState } from "../actions/useActionContext";

type Entry = string | { readonly sub: string; readonly items: readonly string[] };

const MENU: readonly Entry[] = [
  "selectAll",
  "copy",
  "paste",
  "lock",
  { sub: "editor.menu.rotate", items: ["rotate.cw", "rotate.ccw"] },
  { sub: "editor.menu.align", items: ALIGN_ACTIONS },
  { sub: "editor.menu.order", items: ["order.top", "order.bottom"] },
  "labelSettings",
  "delete",
];

interface ContextMenuProps {
  readonly x: number;
  readonly y: number;
  readonly ctx: ActionContext;
  readonly onClose: () => void;
}

export function ContextMenu({ x, y, ctx, onClose }: ContextMenuProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    const away = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    window.addEventListener("pointerdown", away, true);
    window.addEventListener("keydown", key);
    ref.current?.querySelector<HTMLButtonElement>("button:not([disabled])")?.focus();
    return () => {
      window.removeEventListener("pointerdown", away, true);
      window.removeEventListener("keydown", key);
    };
  }, [onClose]);

  const item = (id: string) => <MenuItem key={id} id={id} ctx={ctx} onClose={onClose} />;

  // keep the menu on screen
  const left = Math.min(x, window.innerWidth - 220);
  const top = Math.min(y, window.innerHeight - 320);
  return (
    <div
      ref={ref}
      className="ink-menu"
      role="menu"
      aria-label={t("editor.menu.label")}
      data-testid="context-menu"
      style={{ left, top }}
    >
      {MENU.map((e) =>
        typeof e === "string" ? (
          item(e)
        ) : (
          // biome-ignore lint/a11y/noStaticElementInteractions: hovering opens the sub-menu for the mouse; its button opens it from the keyboard
          <div
            key={e.sub}
            className="ink-menu-sub"
            onMouseEnter={() => setOpen(e.sub)}
            onMouseLeave={() => setOpen((o) => (o === e.sub ? null : o))}
          >
            <button
              type="button"
              role="menuitem"
              aria-haspopup="menu"
              aria-expanded={open === e.sub}
              className="ink-menu-item"
              data-testid={`menu-${e.sub}`}
              onClick={() => setOpen(e.sub)}
            >
              <span>{t(e.sub)}</span>
              <span aria-hidden="true">›</span>
            </button>
            {open === e.sub && (
              <div className="ink-menu ink-menu-nested" role="menu" aria-label={t(e.sub)}>
                {e.items.map(item)}
              </div>
            )}
          </div>
        ),
      )}
    </div>
  );
}

function MenuItem({
  id,
  ctx,
  onClose,
}: {
  readonly id: string;
  readonly ctx: ActionContext;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const a = action(id);
  const { enabled } = useActionState(a, ctx);
  return (
    <button
      type="button"
      role="menuitem"
      className="ink-menu-item"
      data-testid={`menu-${id}`}
      disabled={!enabled}
      onClick={() => {
        onClose();
        a.perform(ctx);
      }}
    >
      <span>{t(a.labelKey)}</span>
      {a.kbd?.[0] && <kbd>{kbdLabel(a.kbd[0])}</kbd>}
    </button>
  );
}
