// The icon library (spec §2 Dialogs, §7): a category tree on the left, the category's icons in a grid;
// choosing one places it at the centre of the canvas as an Image element (rasterised to PNG).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../app/ui/message";
import { TIP } from "../../i18n/tips";
import { Dialog } from "../dialogs/Dialog";
import { useEditorContext } from "../state/context";
import { fetchCategories, fetchIcons, type IconCategory, type IconItem } from "./api";
import { iconToPngDataUrl } from "./rasterize";

/** Icons land 15 mm square (about the size of a care or hazard symbol on a label). */
export const ICON_SIZE_MM = 15;

function Tree({
  cats,
  current,
  onPick,
}: {
  cats: readonly IconCategory[];
  current: string;
  onPick: (id: string) => void;
}) {
  return (
    <ul className="ink-icon-tree" style={{ listStyle: "none", margin: 0, paddingLeft: 8 }}>
      {cats.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className={`ink-btn${c.id === current ? " is-primary" : ""}`}
            style={{ width: "100%", textAlign: "left", marginBottom: 2 }}
            aria-pressed={c.id === current}
            data-testid={`icon-category-${c.id}`}
            onClick={() => onPick(c.id)}
          >
            {c.name}
          </button>
          {c.son.length > 0 && <Tree cats={c.son} current={current} onPick={onPick} />}
        </li>
      ))}
    </ul>
  );
}

export function IconLibraryDialog({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const { store, viewport } = useEditorContext();
  const [cats, setCats] = useState<IconCategory[] | null>(null);
  const [current, setCurrent] = useState("");
  const [icons, setIcons] = useState<IconItem[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchCategories()
      .then((c) => {
        if (!live) return;
        setCats(c);
        if (c[0]) setCurrent(c[0].id);
      })
      .catch(() => live && setCats([]));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!current) return;
    let live = true;
    setIcons(null);
    fetchIcons(current)
      .then((l) => live && setIcons(l))
      .catch(() => live && setIcons([]));
    return () => {
      live = false;
    };
  }, [current]);

  const place = async (icon: IconItem) => {
    setBusy(true);
    try {
      const src = await iconToPngDataUrl(icon.url);
      const vp = viewport.current;
      const doc = store.get().doc;
      const at = vp?.centre() ?? { x: doc.attrs.width / 2, y: doc.attrs.height / 2 };
      const size = Math.min(ICON_SIZE_MM, doc.attrs.width, doc.attrs.height);
      store.send({
        type: "element.add",
        elementType: "Image",
        x: at.x,
        y: at.y,
        centered: true,
        patch: { imageSrc: src, ISParticipating: true, Width: size, Height: size },
      } as Parameters<typeof store.send>[0]);
      onClose();
    } catch {
      message.warning(t("elements.icons.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t("elements.icons.title")}
      onClose={onClose}
      testId="icon-library"
      wide
      footer={
        <button type="button" className="ink-btn" onClick={onClose} data-testid="icon-library-close">
          {t("elements.icons.close")}
        </button>
      }
    >
      <div style={{ display: "flex", gap: 12, minHeight: 320 }}>
        <nav
          aria-label={t("elements.icons.categories")}
          style={{ width: 180, overflowY: "auto", maxHeight: 420 }}
        >
          {cats === null ? (
            <p>{t("elements.icons.loading")}</p>
          ) : (
            <Tree cats={cats} current={current} onPick={setCurrent} />
          )}
        </nav>
        <section
          aria-label={t("elements.icons.icons")}
          data-testid="icon-grid"
          style={{
            flex: 1,
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(56px, 1fr))",
            gap: 6,
            alignContent: "start",
            overflowY: "auto",
            maxHeight: 420,
          }}
        >
          {icons === null && cats !== null && cats.length > 0 && <p>{t("elements.icons.loading")}</p>}
          {icons?.length === 0 && <p>{t(TIP.nothingHere)}</p>}
          {icons?.map((i) => (
            <button
              type="button"
              key={i.id}
              title={i.name}
              aria-label={i.name}
              disabled={busy}
              className="ink-btn"
              style={{ height: 56, padding: 6, background: "#fff" }}
              data-testid={`icon-${i.id.replace(/[^\w-]/g, "_")}`}
              onClick={() => void place(i)}
            >
              <img src={i.url} alt="" width={32} height={32} loading="lazy" />
            </button>
          ))}
        </section>
      </div>
    </Dialog>
  );
}
