// /station (issue 40): the print station of the current team, for operators and kiosks or tablets.
// The team's templates as big tiles with a search; a tile opens its label to print (StationLabel):
// the print dialog's prompts, records, copies and printer, and scan-to-print. Nothing here edits a
// template. The server decides what each role may do (routes/station.ts): a viewer sees the tiles
// but cannot open one to print. The personal space has no station (the user menu hides the entry).
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { roleAllows } from "../../model/teamRoles";
import { listStation, type StationTile } from "../api/station";
import { currentSpace } from "../teams/space";
import { StationLabel } from "./StationLabel";
// the editor's print dialog and scan panel are drawn here: their sheet first, the station's after it
import "../../editor/editor.css";
import "./station.css";

/** Tiles whose name holds every word of the search (case and accents as typed are ignored). */
export function matchTiles(tiles: readonly StationTile[], query: string): StationTile[] {
  const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  return tiles.filter((x) => words.every((w) => fold(x.name).includes(w)));
}

export default function StationPage() {
  const { t } = useTranslation();
  const space = currentSpace();
  const spaceId = space?.id ?? "";
  const [list, setList] = useState<Awaited<ReturnType<typeof listStation>> | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<StationTile | null>(null);
  useEffect(() => {
    if (!spaceId) return;
    listStation().then(setList, () => setFailed(true));
  }, [spaceId]);
  const shown = useMemo(() => (list ? matchTiles(list.templates, query) : []), [list, query]);

  if (!space)
    return (
      <main className="station">
        <h1>{t("app.station.title")}</h1>
        <p data-testid="station-personal">{t("app.station.personal")}</p>
        <Link to="/team" className="btn">
          {t("app.team.title")}
        </Link>
      </main>
    );
  const canPrint = !!list && roleAllows(list.role, "print");
  return (
    <main className="station" data-testid="station">
      <h1>
        {t("app.station.title")} <span className="station-team">{space.name}</span>
      </h1>
      {chosen ? (
        <StationLabel tile={chosen} onBack={() => setChosen(null)} />
      ) : (
        <>
          {list && !canPrint && (
            <p className="station-note" role="status" data-testid="station-viewer">
              {t("app.station.viewer")}
            </p>
          )}
          <input
            type="search"
            className="station-search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-label={t("app.station.search")}
            placeholder={t("app.station.search")}
            data-testid="station-search"
          />
          {!list && !failed && <p role="status">{t("app.station.loading")}</p>}
          {list?.templates.length === 0 && <p role="status">{t("app.station.none")}</p>}
          {list && list.templates.length > 0 && shown.length === 0 && (
            <p role="status" data-testid="station-no-match">
              {t("app.station.noMatch", { query })}
            </p>
          )}
          <ul className="station-tiles" aria-label={t("app.station.templates")}>
            {shown.map((x) => (
              <li key={x.id}>
                <button
                  type="button"
                  className="station-tile"
                  disabled={!canPrint}
                  onClick={() => setChosen(x)}
                  data-testid="station-tile"
                >
                  <span className="station-tile-picture">
                    {x.image ? <img src={x.image} alt="" loading="lazy" /> : null}
                  </span>
                  <span className="station-tile-name">{x.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
