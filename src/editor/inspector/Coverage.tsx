// The picked machine's coverage, this session's or the test suite's: how much of its full set of
// states and transitions (xstate/graph, coverage.ts) was reached, and a list of what was not (the
// diagram draws those faint). Loaded lazily with the diagram.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { compareCoverage, machineUniverse, transitionText } from "./coverage";
import type { MachineVisits } from "./visits";

export default function Coverage({
  logic,
  visits,
  suiteRun,
}: {
  /** the picked actor's machine */
  readonly logic: unknown;
  readonly visits: MachineVisits | undefined;
  /** the test run's time when the suite's coverage is shown; undefined: this session's */
  readonly suiteRun?: string;
}) {
  const { t } = useTranslation();
  const universe = useMemo(() => machineUniverse(logic), [logic]);
  if (!universe) return null;
  const r = compareCoverage(universe, visits);
  const counts = {
    percent: r.percent,
    states: r.states.reached,
    allStates: r.states.total,
    transitions: r.transitions.reached,
    allTransitions: r.transitions.total,
  };
  const words = { root: t("editor.inspector.rootState"), stays: t("editor.inspector.staysInState") };
  const missing = r.unreachedStates.length + r.unreachedTransitions.length;
  return (
    <div className="ink-inspector-coverage">
      <p data-testid="inspector-coverage" data-percent={r.percent}>
        {suiteRun === undefined
          ? t("editor.inspector.coverage", counts)
          : t("editor.inspector.coverageSuite", { ...counts, at: suiteRun })}
      </p>
      {missing > 0 && (
        <details data-testid="inspector-unreached">
          <summary>{t("editor.inspector.unreached", { count: missing })}</summary>
          <ul>
            {r.unreachedStates.map((s) => (
              <li key={s.id}>{t("editor.inspector.unreachedState", { state: s.path })}</li>
            ))}
            {r.unreachedTransitions.map((tr) => (
              <li key={tr.id}>
                {t("editor.inspector.unreachedTransition", { transition: transitionText(tr, words) })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
