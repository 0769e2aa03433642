// Search the label stock catalogue (src/model/stock) by maker, part number, description or size and
// take a product's layout: its label size, columns × rows, gaps and margins fill the dialog's fields.
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadStockCatalogue, type StockProduct, searchStock } from "../../model/stock";
import type { SheetLayout } from "../../model/types";

const trim = (v: number) => String(Math.round(v * 100) / 100);

export function StockSearch({ onLayout }: { readonly onLayout: (layout: SheetLayout) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<StockProduct[] | null>(null);
  const [chosen, setChosen] = useState<StockProduct | null>(null);
  useEffect(() => {
    if (!query.trim()) {
      setResults(null);
      return;
    }
    let live = true;
    void loadStockCatalogue().then((list) => {
      if (live) setResults(searchStock(list, query));
    });
    return () => {
      live = false;
    };
  }, [query]);
  const paper = (p: StockProduct) => (p.paper === "roll" ? t("editor.settings.stockRoll") : p.paper);
  return (
    <div className="ink-field ink-stock">
      <label htmlFor={id}>{t("editor.settings.stock")}</label>
      <input
        id={id}
        type="search"
        value={query}
        placeholder={t("editor.settings.stockPlaceholder")}
        data-testid="settings-stock"
        onChange={(e) => setQuery(e.target.value)}
      />
      {results && results.length === 0 && <p className="ink-stock-none">{t("editor.settings.stockNone")}</p>}
      {results && results.length > 0 && (
        <ul className="ink-stock-list" aria-label={t("editor.settings.stock")}>
          {results.map((p) => (
            <li key={`${p.brand} ${p.part}`}>
              <button
                type="button"
                className="ink-stock-item"
                onClick={() => {
                  onLayout(p.layout);
                  setChosen(p);
                  setQuery("");
                }}
              >
                <strong>
                  {p.brand} {p.part}
                </strong>{" "}
                <span>
                  {p.description} · {paper(p)}
                  {p.paper === "roll" ? "" : ` ${p.layout.columns} × ${p.layout.rows}`} ·{" "}
                  {trim(p.layout.width)} × {trim(p.layout.height)} mm
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && !results && (
        <p className="ink-stock-chosen" role="status" data-testid="settings-stock-chosen">
          {t("editor.settings.stockChosen", { product: `${chosen.brand} ${chosen.part}` })}
        </p>
      )}
    </div>
  );
}
