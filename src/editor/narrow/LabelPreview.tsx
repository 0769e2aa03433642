// A read-only picture of the label as the canvas draws it for the shown record (the same LabelLayer):
// the narrow editor's preview and the print station's.
import type { LabelDocument } from "../../model/types";
import { LabelLayer } from "../canvas/LabelLayer";
import { useRecordValues } from "../data/context";
import "./narrow.css";

export function LabelPreview({
  doc,
  label,
  testId,
}: {
  readonly doc: LabelDocument;
  /** the picture's accessible name */
  readonly label: string;
  readonly testId: string;
}) {
  const values = useRecordValues(doc);
  const { width, height } = doc.attrs;
  return (
    <figure className="ink-narrow-preview" role="img" aria-label={label} data-testid={testId}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="xMidYMid meet"
        aria-hidden="true"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <rect width={width} height={height} fill="#fff" />
        <LabelLayer doc={doc} values={values} />
      </svg>
    </figure>
  );
}
